// SQL injection: classic payloads in every field of every route body and every query
// parameter, generated from the routes' own schemas (the OpenAPI document built from the
// route table). Every reply must be a clean envelope with no database text in it, the data
// must be intact afterwards, and text that is stored must come back exactly as sent.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { buildOpenApi } from '@verdict/server/internal/http/openapi';
import { allRoutes } from '@verdict/server/internal/http/routes';
import { Api } from '../helpers/api.ts';
import { kattisEntries, buildZip, zipForm } from '../helpers/package-zip.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';

type JsonSchema = { type?: string; enum?: unknown[]; minimum?: number; minLength?: number; pattern?: string; items?: JsonSchema; minItems?: number; properties?: Record<string, JsonSchema> };

const PAYLOADS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1 OR 1=1',
  "admin'--",
  '" OR ""="',
  '\\',
  "\\'; SELECT pg_sleep(5); --",
  '% _ %% \\% [a-z]',
  '‘ OR ’1’=’1 ＇ ＂ ʼ',
  '$1 $$x$$ ::text E\'\\x27\'',
];
const NUL = 'a\u0000b';
const LONG = `'${'x'.repeat(100_000)}'`;
// A query string travels in the request line; past ~16 KB Node refuses the headers (tested elsewhere).
const LONG_QUERY = `'${'x'.repeat(8_000)}'`;
const LEAK = /SQLSTATE|syntax error|relation "|column "|violates|duplicate key|invalid input syntax|postgres|pglite|kysely|unterminated|\bat \S+\.ts:\d+/i;

describe('security: SQL injection in every field', function () {
  this.timeout(300_000);
  let server: TestServer;
  let admin: TestAccount;
  let sweeper: TestAccount;
  let contestId: number;
  let problemId: number;
  let language: string;
  const doc = buildOpenApi(allRoutes);

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off', SUBMIT_WAIT_MS: '0' });
    admin = await adminAccount(server);
    // The sweep runs as its own administrator: updateMyUser may rename it to a payload.
    sweeper = await accountWithToken(server, { auth: 1 });
    const contest = await admin.api.json('/api/contest/add', { title: 'Intact contest', startTimeStr: '2020-01-01 00:00:00', endTimeStr: '2099-01-01 00:00:00' });
    contestId = contest.data.id;
    const problem = await admin.api.json('/api/admin/problem/add', { title: 'Intact problem', memoryLimit: 128, timeLimit: 1000 });
    problemId = problem.data.id;
    const upload = await admin.api.multipart('/api/admin/problem/upload', zipForm(problemId, await buildZip(kattisEntries())));
    assert.equal(upload.code, 0, upload.message);
    language = (await admin.api.get('/api/JudgeTemplate/languages')).data[0].id;
  });
  after(() => server?.destroy());

  /** A valid-looking value for a field that is not under attack. */
  function filler(name: string, schema: JsonSchema): unknown {
    if (schema.enum) return schema.enum[0];
    if (schema.type === 'integer') {
      if (name === 'userID') return sweeper.id;
      if (name === 'contestId') return contestId;
      if (name === 'problemId') return problemId;
      // Other ids name nothing, so no existing row is edited or deleted by the sweep.
      if (/id$/i.test(name)) return 999_999;
      return Math.max(schema.minimum ?? 0, 1);
    }
    if (schema.pattern) return name.startsWith('end') ? '2098-01-01 00:00:00' : '2097-01-01 00:00:00';
    if (name === 'email') return 'sweep@example.test';
    if (name === 'language') return language;
    return 'x'.repeat(Math.max(schema.minLength ?? 1, 6));
  }

  interface Attack {
    method: string;
    path: string;
    field: string;
    encoding: 'json' | 'form' | 'query';
    /**
     * Numbers are checked as numbers before any query runs, and passwords only ever reach the
     * (slow) hash: a few payloads show that.
     */
    few: boolean;
    build: (payload: string) => { body?: unknown; query?: Record<string, string> };
  }

  function attacks(): Attack[] {
    const out: Attack[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops!)) {
        // Logging out would end the sweep's own session; it reads no input anyway.
        if (path === '/api/user/logout') continue;
        const content = op.requestBody?.content as Record<string, { schema: JsonSchema }> | undefined;
        if (content) {
          const [type, { schema }] = Object.entries(content)[0];
          const encoding = type.includes('json') ? 'json' : 'form';
          if (schema.type === 'array') {
            const size = Math.max(schema.minItems ?? 1, 1);
            for (let i = 0; i < size; i++) {
              const build = (payload: string) => ({ body: Array.from({ length: size }, (_, j) => (j === i ? payload : filler('item', schema.items ?? {}))) });
              out.push({ method, path, field: `[${i}]`, encoding: 'json', few: schema.items?.type === 'integer', build });
            }
          } else {
            const props = schema.properties ?? {};
            for (const field of Object.keys(props)) {
              const build = (payload: string) => ({
                body: Object.fromEntries(Object.entries(props).map(([name, s]) => [name, name === field ? payload : filler(name, s)])),
              });
              out.push({ method, path, field, encoding: type.includes('multipart') ? 'form' : encoding, few: props[field].type === 'integer' || /password|pwd/i.test(field), build });
            }
          }
        }
        for (const param of (op.parameters ?? []) as { name: string; in: string; schema: JsonSchema }[]) {
          if (param.in !== 'query') continue;
          const few = param.schema.type === 'integer';
          out.push({ method, path, field: param.name, encoding: 'query', few, build: (payload) => ({ query: { [param.name]: payload } }) });
        }
      }
    }
    return out;
  }

  async function send(attack: Attack, payload: string): Promise<{ status: number; text: string }> {
    const { body, query } = attack.build(payload);
    const headers: Record<string, string> = { Authorization: sweeper.api.token! };
    let url = server.url + attack.path;
    if (query) url += `?${new URLSearchParams(query)}`;
    let encoded: string | undefined;
    if (body !== undefined && attack.encoding === 'json') {
      headers['Content-Type'] = 'application/json';
      encoded = JSON.stringify(body);
    } else if (body !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      encoded = new URLSearchParams(Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, String(v)])).toString();
    }
    const res = await fetch(url, { method: attack.method.toUpperCase(), headers, body: encoded });
    return { status: res.status, text: await res.text() };
  }

  /** Every table, and every row of the tables an attack could damage, as JSON lines. */
  async function dataState(): Promise<Set<string>> {
    const { pool } = server.services.database;
    const tables = await pool.query(`select table_name from information_schema.tables where table_schema = 'public' order by 1`);
    const lines = new Set(tables.rows.map((r) => `table ${r.table_name}`));
    for (const t of ['problems', 'contests', 'contest_users', 'contest_problems', 'templates', 'submissions']) {
      for (const row of (await pool.query(`select * from ${t}`)).rows) lines.add(`${t} ${JSON.stringify(row)}`);
    }
    const users = await pool.query('select id, username, email, auth, password_hash from users where id <> $1', [sweeper.id]);
    for (const row of users.rows) lines.add(`users ${JSON.stringify(row)}`);
    return lines;
  }

  /** Adds (a problem titled with a payload) are fine; a changed or vanished row or table is not. */
  function assertIntact(before: Set<string>, after: Set<string>): void {
    assert.deepEqual([...before].filter((line) => !after.has(line)), []);
  }

  it('answers every payload in every field with a clean envelope, and leaves the data intact', async () => {
    const list = attacks();
    // Every route that takes input fields is attacked (logout takes none; a route whose body is
    // only its uploaded file has no field to put a payload in).
    const attacked = new Set(list.map((a) => `${a.method} ${a.path}`));
    const hasFields = (body: unknown) => !!body && !(body instanceof z.ZodObject && Object.keys(body.shape).length === 0);
    assert.equal(attacked.size, allRoutes.filter((r) => (hasFields(r.body) || r.query) && r.path !== '/api/user/logout').length);
    const before = await dataState();
    const problems: string[] = [];
    let sent = 0;
    for (const attack of list) {
      const payloads = attack.few ? PAYLOADS.slice(0, 3) : [...PAYLOADS, attack.encoding === 'query' ? LONG_QUERY : LONG];
      for (const payload of payloads) {
        // Failed logins of the sweep would otherwise slow and then block the next ones.
        if (/login/i.test(attack.path)) await server.services.db.deleteFrom('login_attempts').execute();
        const { status, text } = await send(attack, payload);
        sent++;
        const where = `${attack.method.toUpperCase()} ${attack.path} ${attack.field}=${JSON.stringify(payload.slice(0, 30))}`;
        if (status >= 500) problems.push(`${where}: HTTP ${status} ${text.slice(0, 200)}`);
        if (LEAK.test(text.replace(payload, ''))) problems.push(`${where}: leaks ${text.slice(0, 200)}`);
        const reply = JSON.parse(text);
        if (typeof reply.code !== 'number' || typeof reply.message !== 'string' || !('data' in reply)) problems.push(`${where}: not an envelope`);
      }
      // NUL cannot be stored in PostgreSQL text: it is refused up front, wherever it is sent.
      const nul = await send(attack, NUL);
      if (nul.status !== 400 || !/NUL characters are not allowed/.test(JSON.parse(nul.text).message)) problems.push(`${attack.path} ${attack.field}: NUL answered ${nul.status} ${nul.text}`);
    }
    assert.deepEqual(problems, []);
    assert.ok(sent > 400, `only ${sent} attacks sent`);
    assertIntact(before, await dataState());
    // The sweep's own session still works: nothing it sent touched the tokens.
    assert.equal((await sweeper.api.get('/api/user/userInfo')).code, 0);
  });

  it('refuses a repeated query parameter instead of failing on an array', async () => {
    for (const path of ['/api/contest/ContestInfo', '/api/BangDan/AllResultList', '/api/contestProblem/list']) {
      const res = await admin.api.raw(`${path}?contestId=${contestId}&contestId=${contestId}`, { method: 'GET' });
      assert.equal(res.status, 400, path);
    }
    const res = await admin.api.raw('/api/user/list?keyword=a&keyword=b', { method: 'GET' });
    assert.equal(res.status, 400);
  });

  describe('stored text comes back verbatim', () => {
    // Prefixed so as not to meet the titles the sweep stored; short enough for a username.
    const short = PAYLOADS.filter((p) => p.length <= 27).map((p) => `rt ${p}`);

    it('problem titles and statements, found again by a title search that matches only them', async () => {
      for (const [i, title] of short.entries()) {
        const statement = `${PAYLOADS.join('\n')}\n${LONG}`;
        const added = await admin.api.json('/api/admin/problem/add', { title, memoryLimit: 64, timeLimit: 500 + i, statement });
        assert.equal(added.code, 0, `${title}: ${added.message}`);
        const found = await admin.api.get('/api/admin/problem/list', { title });
        assert.ok(found.data.some((p: { id: number; title: string }) => p.id === added.data.id && p.title === title), title);
        // A search is a substring match: a quote or a wildcard in it matches nothing else.
        for (const p of found.data) assert.ok(p.title.includes(title), `${title} matched ${p.title}`);
        const read = await admin.api.form('/api/admin/problem/findByTitle2', { prob_title: title });
        assert.equal(read.data.statement, statement);
      }
    });

    it('contest titles, template texts, nicknames, usernames and source code', async () => {
      for (const text of short) {
        const contest = await admin.api.json('/api/contest/add', { title: text, startTimeStr: '2030-01-01 00:00:00', endTimeStr: '2030-01-02 00:00:00' });
        assert.equal(contest.code, 0, contest.message);
        const contests = await admin.api.get('/api/contest/list', { title: text });
        assert.deepEqual(contests.data.map((c: { title: string }) => c.title).filter((t: string) => t === text), [text]);

        const template = await admin.api.json('/api/JudgeTemplate/add', { language, comment: text, description: `${text}\n${LONG.slice(0, 50_000)}` });
        assert.equal(template.code, 0, template.message);
        const templates = await admin.api.get('/api/JudgeTemplate/list', { id: template.data.id });
        assert.equal(templates.data[0].comment, text);
        assert.equal(templates.data[0].description, `${text}\n${LONG.slice(0, 50_000)}`);

        const user = await admin.api.json('/api/user/add', { username: text, email: `u${short.indexOf(text)}@example.test`, nickname: text, gender: 'female', auth: 0, password: 'secret-1' });
        assert.equal(user.code, 0, `${text}: ${user.message}`);
        const login = await new Api(server.url).form('/api/user/login', { username: text, password: 'secret-1' });
        assert.equal(login.code, 0, `${text}: ${login.message}`);
        const me = await new Api(server.url).withToken(login.data.token).get('/api/user/userInfo');
        assert.deepEqual([me.data.username, me.data.nickname], [text, text]);
      }
      const code = `${PAYLOADS.join('\n')}\n${LONG.slice(0, 60_000)}`;
      const submitted = await admin.api.json('/api/submit', { problemId, language, code });
      assert.equal(submitted.code, 0, submitted.message);
      const detail = await admin.api.get('/api/JudgeRecord/detail', { id: submitted.data.id });
      assert.equal(detail.data.code, code);
    });

    it('refuses text with NUL characters or lone surrogates, storing nothing', async () => {
      const before = await dataState();
      for (const bad of [NUL, 'a\ud800b', '\udfff']) {
        const r = await admin.api.json('/api/admin/problem/add', { title: bad, memoryLimit: 64, timeLimit: 500 });
        assert.equal(r.status, 400);
        assert.match(r.message, /^title: (NUL characters are not allowed|not valid Unicode text)$/);
      }
      // Forms and query strings are UTF-8 on the wire (a lone surrogate cannot be written), NUL can.
      const form = await admin.api.form('/api/contest/findByTitle', { title: NUL });
      assert.deepEqual([form.status, form.message], [400, 'title: NUL characters are not allowed']);
      const query = await admin.api.get('/api/user/list', { keyword: NUL });
      assert.deepEqual([query.status, query.message], [400, 'keyword: NUL characters are not allowed']);
      assert.deepEqual(await dataState(), before);
    });
  });
});
