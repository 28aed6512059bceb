// Clarifications and announcements (issue 16, item 2) on a real server and database: a question
// goes to the judges' queue, a private answer reaches its asker alone, a public one every member
// without the asker's name; announcements; the seen mark; the ask cooldown; roles, attacks with
// other people's tokens and ids, and validation.
import assert from 'node:assert/strict';
import { CLARIFICATION_LIMITS } from '@verdict/shared';
import { formatTime } from '@verdict/server/internal/common/wire';
import { Api } from '../helpers/api.ts';
import { itRefusesNonAdmins, type AdminOnlyCall } from '../helpers/admin-only.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, snapshot, type TestAccount } from '../helpers/tokens.ts';

const HOUR = 3600_000;
const NOT_MEMBER = 'You are not a participant of this contest';

describe('clarifications and announcements', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let dave: TestAccount;
  const cup = { id: 0, problems: [] as number[] };
  const other = { id: 0, problem: 0 };
  let upcoming = 0;
  let ended = 0;
  const tables = () => snapshot(server, ['clarifications', 'clarification_reads']);
  const at = (offsetMs: number) => formatTime(new Date(server.clock.now().getTime() + offsetMs));
  /** Past every ask cooldown: the test's questions are not refused for coming quickly. */
  const nextQuestion = () => server.clock.advance(CLARIFICATION_LIMITS.minIntervalMs);

  async function contest(title: string, start: number, end: number, members: TestAccount[], problemTitles: string[]): Promise<{ id: number; problems: number[] }> {
    const c = await admin.api.json('/api/contest/add', { title, startTimeStr: at(start), endTimeStr: at(end) });
    assert.equal(c.code, 0, c.message);
    const problems: number[] = [];
    for (const problemTitle of problemTitles) {
      const p = await admin.api.json('/api/admin/problem/add', { title: problemTitle, memoryLimit: 64, timeLimit: 1000 });
      problems.push(p.data.id);
      await admin.api.form('/api/contestProblem/addByProblemId', { contestId: c.data.id, problemId: p.data.id });
    }
    for (const m of members) await admin.api.json('/api/contestRecord/add', { contestId: c.data.id, userId: m.id });
    return { id: c.data.id, problems };
  }

  const list = (who: TestAccount, contestId = cup.id) => who.api.get('/api/clarification/list', { contestId });
  const queue = () => admin.api.get('/api/clarification/admin/list', { status: 'unanswered' });

  before(async () => {
    server = await startTestServer();
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'clar_alice' });
    bob = await accountWithToken(server, { username: 'clar_bob' });
    carol = await accountWithToken(server, { username: 'clar_carol' });
    dave = await accountWithToken(server, { username: 'clar_dave' });
    Object.assign(cup, await contest('Clarification Cup', -HOUR, HOUR, [alice, bob], ['Apples', 'Bananas']));
    const o = await contest('Other Cup', -HOUR, HOUR, [dave], ['Cherries']);
    Object.assign(other, { id: o.id, problem: o.problems[0] });
    upcoming = (await contest('Future Cup', HOUR, 2 * HOUR, [alice], ['Dates'])).id;
    ended = (await contest('Past Cup', -2 * HOUR, -HOUR, [alice], ['Elderberries'])).id;
  });
  after(() => server?.destroy());

  describe('a private question and answer', () => {
    let questionId: number;

    it('a member asks about a problem: it is theirs, unanswered, lettered, and in the judges\' queue with their name', async () => {
      const asked = await alice.api.json('/api/clarification/ask', { contestId: cup.id, problemId: cup.problems[0], text: '  Is the input sorted?  ' });
      assert.equal(asked.code, 0, asked.message);
      questionId = asked.data.id;
      assert.deepEqual(
        { ...asked.data, createTime: 'x', version: 'x' },
        {
          id: questionId,
          contestId: cup.id,
          kind: 'question',
          problemId: cup.problems[0],
          problemLetter: 'A',
          problemTitle: 'Apples',
          text: 'Is the input sorted?',
          answer: null,
          visibility: 'private',
          mine: true,
          createTime: 'x',
          answerTime: null,
          version: 'x',
        },
      );
      const mine = await list(alice);
      assert.deepEqual(mine.data.items.map((c) => c.id), [questionId]);
      const q = await queue();
      const entry = q.data.find((c) => c.id === questionId)!;
      assert.equal(entry.username, 'clar_alice');
      assert.equal(entry.userId, alice.id);
      assert.equal(entry.contestTitle, 'Clarification Cup');
      assert.equal(entry.answeredBy, null);
    });

    it('another member, a non-member and another contest\'s member never see it', async () => {
      assert.deepEqual((await list(bob)).data.items, []);
      const refused = await list(carol);
      assert.equal(refused.status, 403);
      assert.equal(refused.message, NOT_MEMBER);
      assert.equal((await list(dave)).status, 403);
      assert.deepEqual((await list(dave, other.id)).data.items, []);
    });

    it('the judge answers privately: only the asker sees the answer, and the queue no longer holds it', async () => {
      const answered = await admin.api.json('/api/clarification/admin/answer', { id: questionId, answer: 'Yes, ascending.', visibility: 'private' });
      assert.equal(answered.code, 0, answered.message);
      assert.equal(answered.data.answeredBy, 'admin');
      assert.equal(answered.data.username, 'clar_alice');
      const seen = (await list(alice)).data.items;
      assert.equal(seen.length, 1);
      assert.equal(seen[0].answer, 'Yes, ascending.');
      assert.equal(seen[0].visibility, 'private');
      assert.match(seen[0].answerTime!, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      assert.equal(seen[0].version, answered.data.version);
      const bobs = await bob.api.raw(`/api/clarification/list?contestId=${cup.id}`, { method: 'GET' });
      const text = await bobs.text();
      assert.doesNotMatch(text, /ascending|sorted/, 'another member reads nothing of a private question');
      assert.ok(!(await queue()).data.some((c) => c.id === questionId));
    });
  });

  describe('an answer to everyone', () => {
    let questionId: number;

    it('is shown to every member with the question, never with the asker\'s name', async () => {
      nextQuestion();
      const asked = await bob.api.json('/api/clarification/ask', { contestId: cup.id, text: 'May we use C++20?' });
      assert.equal(asked.code, 0, asked.message);
      questionId = asked.data.id;
      assert.equal(asked.data.problemLetter, null);
      assert.ok(!(await list(alice)).data.items.some((c) => c.id === questionId), 'unanswered: only its asker sees it');
      const answered = await admin.api.json('/api/clarification/admin/answer', { id: questionId, answer: 'Yes.', visibility: 'public' });
      assert.equal(answered.code, 0, answered.message);

      const alices = await alice.api.raw(`/api/clarification/list?contestId=${cup.id}`, { method: 'GET' });
      const raw = await alices.text();
      assert.doesNotMatch(raw, /clar_bob/);
      assert.doesNotMatch(raw, new RegExp(`"userId":${bob.id}\\b`));
      const item = (JSON.parse(raw) as { data: { items: { id: number }[] } }).data.items.find((c) => c.id === questionId) as Record<string, unknown>;
      assert.deepEqual(Object.keys(item).sort(), ['answer', 'answerTime', 'contestId', 'createTime', 'id', 'kind', 'mine', 'problemId', 'problemLetter', 'problemTitle', 'text', 'version', 'visibility']);
      assert.equal(item.text, 'May we use C++20?');
      assert.equal(item.answer, 'Yes.');
      assert.equal(item.visibility, 'public');
      assert.equal(item.mine, false);
      const bobs = (await list(bob)).data.items.find((c) => c.id === questionId)!;
      assert.equal(bobs.mine, true);
      // Members of another contest still see nothing of it.
      assert.deepEqual((await list(dave, other.id)).data.items, []);
    });

    it('answering again replaces the answer and its visibility, with a newer version', async () => {
      const before = (await list(bob)).data.items.find((c) => c.id === questionId)!;
      const again = await admin.api.json('/api/clarification/admin/answer', { id: questionId, answer: 'Only C++17, sorry.', visibility: 'private' });
      assert.equal(again.code, 0, again.message);
      assert.ok(again.data.version > before.version);
      assert.ok(!(await list(alice)).data.items.some((c) => c.id === questionId), 'made private again: gone for the others');
      assert.equal((await list(bob)).data.items.find((c) => c.id === questionId)!.answer, 'Only C++17, sorry.');
      assert.equal((await admin.api.json('/api/clarification/admin/answer', { id: questionId, answer: 'Yes.', visibility: 'public' })).code, 0);
    });
  });

  describe('announcements', () => {
    it('reach every member of the contest, about a problem or the contest', async () => {
      const posted = await admin.api.json('/api/clarification/admin/announce', { contestId: cup.id, problemId: cup.problems[1], text: 'Bananas: n is at most 1000.' });
      assert.equal(posted.code, 0, posted.message);
      assert.equal(posted.data.kind, 'announcement');
      assert.equal(posted.data.userId, null);
      assert.equal(posted.data.answeredBy, 'admin');
      const general = await admin.api.form('/api/clarification/admin/announce', { contestId: cup.id, problemId: '', text: 'Thirty minutes left.' });
      assert.equal(general.code, 0, general.message);
      for (const member of [alice, bob]) {
        const items = (await list(member)).data.items.filter((c) => c.kind === 'announcement');
        assert.deepEqual(
          items.map((c) => [c.text, c.problemLetter, c.problemTitle, c.visibility, c.mine]),
          [
            ['Bananas: n is at most 1000.', 'B', 'Bananas', 'public', false],
            ['Thirty minutes left.', null, '', 'public', false],
          ],
        );
      }
      assert.deepEqual((await list(dave, other.id)).data.items, []);
      const all = (await admin.api.get('/api/clarification/admin/list', { contestId: cup.id })).data;
      assert.deepEqual(all.map((c) => c.kind), ['question', 'question', 'announcement', 'announcement']);
      assert.ok(!(await queue()).data.some((c) => c.kind === 'announcement'));
    });

    it('before the start, members read announcements without problem titles; nobody asks yet', async () => {
      const posted = await admin.api.json('/api/clarification/admin/announce', { contestId: upcoming, problemId: (await admin.api.get('/api/contestProblem/list', { contestId: upcoming })).data[0].problemId, text: 'Starts on time.' });
      assert.equal(posted.code, 0, posted.message);
      assert.equal(posted.data.problemTitle, 'Dates', 'judges see the title');
      const seen = (await list(alice, upcoming)).data.items;
      assert.deepEqual(seen.map((c) => [c.text, c.problemLetter, c.problemTitle]), [['Starts on time.', 'A', '']]);
      nextQuestion();
      const early = await alice.api.json('/api/clarification/ask', { contestId: upcoming, text: 'When do we start?' });
      assert.equal(early.status, 403);
      assert.equal(early.message, 'The contest has not started yet.');
    });

    it('after the end, members may still ask', async () => {
      nextQuestion();
      const late = await alice.api.json('/api/clarification/ask', { contestId: ended, text: 'Will there be an editorial?' });
      assert.equal(late.code, 0, late.message);
    });
  });

  describe('the seen mark', () => {
    it('starts at 0, moves forward only, and never past the contest\'s newest version', async () => {
      const first = await list(alice);
      assert.equal(first.data.seenVersion, 0);
      const newest = Math.max(...first.data.items.map((c) => c.version));
      const mark = await alice.api.json('/api/clarification/seen', { contestId: cup.id, version: newest });
      assert.deepEqual(mark.data, { seenVersion: newest });
      assert.deepEqual((await alice.api.json('/api/clarification/seen', { contestId: cup.id, version: 1 })).data, { seenVersion: newest }, 'never back');
      assert.deepEqual((await alice.api.json('/api/clarification/seen', { contestId: cup.id, version: 2_000_000_000 })).data, { seenVersion: newest }, 'never ahead of what exists');
      assert.equal((await list(alice)).data.seenVersion, newest);
      assert.equal((await list(bob)).data.seenVersion, 0, 'per member');
      const later = await admin.api.json('/api/clarification/admin/announce', { contestId: cup.id, text: 'Ten minutes left.' });
      assert.ok(later.data.version > newest, 'what comes later is unseen');
    });
  });

  describe('the ask cooldown', () => {
    it('refuses a second question within the interval with the wait, then takes it', async () => {
      nextQuestion();
      assert.equal((await bob.api.json('/api/clarification/ask', { contestId: cup.id, text: 'First?' })).code, 0);
      const before = await tables();
      const fast = await bob.api.json('/api/clarification/ask', { contestId: cup.id, text: 'Second?' });
      assert.equal(fast.status, 429);
      assert.match(fast.message, /^You are asking too fast: please wait \d+ s before asking again\.$/);
      const wait = (fast.data as unknown as { retryAfterMs: number }).retryAfterMs;
      assert.ok(wait > 0 && wait <= CLARIFICATION_LIMITS.minIntervalMs);
      assert.equal(await tables(), before);
      server.clock.advance(wait);
      assert.equal((await bob.api.json('/api/clarification/ask', { contestId: cup.id, text: 'Second?' })).code, 0);
    });

    it(`refuses more than ${CLARIFICATION_LIMITS.perHour} questions an hour`, async () => {
      const now = server.clock.now().getTime();
      const earlier = Array.from({ length: CLARIFICATION_LIMITS.perHour }, (_, i) => ({
        contest_id: cup.id,
        kind: 'question' as const,
        asker_id: carol.id,
        text: `old ${i}`,
        created_at: new Date(now - 50 * 60_000 + i * 1000),
      }));
      await admin.api.json('/api/contestRecord/add', { contestId: cup.id, userId: carol.id });
      await server.services.db.insertInto('clarifications').values(earlier).execute();
      const capped = await carol.api.json('/api/clarification/ask', { contestId: cup.id, text: 'One more?' });
      assert.equal(capped.status, 429);
      assert.equal(capped.message, `Too many questions: at most ${CLARIFICATION_LIMITS.perHour} an hour. Please wait a little.`);
      server.clock.advance(11 * 60_000);
      assert.equal((await carol.api.json('/api/clarification/ask', { contestId: cup.id, text: 'One more?' })).code, 0);
      await admin.api.json('/api/contestRecord/deleteByUserId', { contestId: cup.id, userId: carol.id }, 'DELETE');
    });
  });

  describe('roles and attacks', () => {
    const admins: AdminOnlyCall[] = [
      ['get', '/api/clarification/admin/list', null],
      ['post', '/api/clarification/admin/answer', { id: 1, answer: 'Leaked?', visibility: 'public' }],
      ['post', '/api/clarification/admin/announce', { contestId: 1, text: 'Forged announcement' }],
    ];
    itRefusesNonAdmins(admins, () => ({ url: server.url, user: alice.api, state: tables }));

    it('refuses every contestant route without a token or with a forged one', async () => {
      for (const api of [new Api(server.url), new Api(server.url).withToken('Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')]) {
        assert.equal((await api.get('/api/clarification/list', { contestId: cup.id })).status, 401);
        assert.equal((await api.json('/api/clarification/ask', { contestId: cup.id, text: 'x' })).status, 401);
        assert.equal((await api.json('/api/clarification/seen', { contestId: cup.id, version: 1 })).status, 401);
      }
    });

    it("a contestant cannot answer, publish or read someone's private question by guessing its id", async () => {
      const before = await tables();
      const privateOnes = await server.services.db.selectFrom('clarifications').select('id').where('visibility', '=', 'private').execute();
      assert.ok(privateOnes.length > 0);
      for (const { id } of privateOnes) {
        const published = await bob.api.json('/api/clarification/admin/answer', { id, answer: 'mine now', visibility: 'public' });
        assert.equal(published.status, 403);
        assert.equal((await bob.api.get('/api/clarification/admin/list', { contestId: cup.id })).status, 403);
      }
      // Ids are not query fields of the members' list: a guessed one is refused, not looked up.
      const guessed = await bob.api.get('/api/clarification/list', { contestId: cup.id, id: privateOnes[0].id });
      assert.equal(guessed.message, 'Unknown field: id');
      assert.equal(await tables(), before);
      const bobs = (await list(bob)).data.items;
      assert.ok(bobs.every((c) => c.mine || c.visibility === 'public'));
    });

    it('a member of another contest, or a non-member, can neither read, ask nor mark in this one', async () => {
      const before = await tables();
      for (const stranger of [dave, carol]) {
        assert.equal((await list(stranger)).message, NOT_MEMBER);
        const ask = await stranger.api.json('/api/clarification/ask', { contestId: cup.id, text: 'Let me in?' });
        assert.equal(ask.status, 403);
        assert.equal(ask.message, NOT_MEMBER);
        assert.equal((await stranger.api.json('/api/clarification/seen', { contestId: cup.id, version: 1 })).message, NOT_MEMBER);
      }
      // A problem of another contest is not a problem of this one.
      nextQuestion();
      const crossed = await dave.api.json('/api/clarification/ask', { contestId: other.id, problemId: cup.problems[0], text: 'About Apples?' });
      assert.equal(crossed.status, 404);
      assert.equal(crossed.message, 'No such problem in this contest');
      const unknown = await dave.api.get('/api/clarification/list', { contestId: 999_999 });
      assert.equal(unknown.status, 404);
      assert.equal(await tables(), before);
    });

    it('administrators answer rather than ask', async () => {
      const r = await admin.api.json('/api/clarification/ask', { contestId: cup.id, text: 'Testing?' });
      assert.equal(r.status, 403);
      assert.equal(r.message, 'Administrators answer questions: to tell the contestants something, post an announcement');
      // They may read the members' view of any contest.
      assert.equal((await admin.api.get('/api/clarification/list', { contestId: cup.id })).code, 0);
    });
  });

  describe('validation', () => {
    it('refuses bad questions, answers and announcements with clear messages, changing nothing', async () => {
      const before = await tables();
      nextQuestion();
      const ask = (body: unknown) => alice.api.json('/api/clarification/ask', body);
      assert.equal((await ask({ contestId: cup.id, text: '   ' })).message, 'Please write your question');
      assert.equal((await ask({ contestId: cup.id })).message, 'Please write your question');
      assert.equal((await ask({ contestId: cup.id, text: 'x'.repeat(CLARIFICATION_LIMITS.questionMax + 1) })).message, `Your question is too long: at most ${CLARIFICATION_LIMITS.questionMax} characters`);
      assert.equal((await ask({ contestId: 'abc', text: 'Hi' })).message, 'contestId must be a positive integer');
      assert.equal((await ask({ contestId: cup.id, problemId: -1, text: 'Hi' })).message, 'problemId must be a positive integer');
      assert.equal((await ask({ contestId: cup.id, text: 'Hi', userId: bob.id })).message, 'Unknown field: userId');
      assert.equal((await ask({ contestId: cup.id, text: 'a\u0000b' })).status, 400);

      const answer = (body: unknown) => admin.api.json('/api/clarification/admin/answer', body);
      const question = (await admin.api.get('/api/clarification/admin/list', { contestId: cup.id })).data.find((c) => c.kind === 'question')!;
      assert.equal((await answer({ id: question.id, answer: '', visibility: 'private' })).message, 'Please write the answer');
      assert.equal((await answer({ id: question.id, answer: 'ok', visibility: 'everyone' })).message, "visibility must be 'private' or 'public'");
      assert.equal((await answer({ id: question.id, answer: 'ok' })).message, "visibility must be 'private' or 'public'");
      assert.equal((await answer({ id: question.id, answer: 'x'.repeat(CLARIFICATION_LIMITS.answerMax + 1), visibility: 'private' })).message, `The answer is too long: at most ${CLARIFICATION_LIMITS.answerMax} characters`);
      const missing = await answer({ id: 999_999, answer: 'ok', visibility: 'private' });
      assert.equal(missing.status, 404);
      assert.equal(missing.message, 'No such clarification');
      const announcement = (await admin.api.get('/api/clarification/admin/list', { contestId: cup.id })).data.find((c) => c.kind === 'announcement')!;
      const notQuestion = await answer({ id: announcement.id, answer: 'ok', visibility: 'public' });
      assert.equal(notQuestion.status, 409);
      assert.equal(notQuestion.message, 'An announcement cannot be answered');

      const announce = (body: unknown) => admin.api.json('/api/clarification/admin/announce', body);
      assert.equal((await announce({ contestId: cup.id, text: '' })).message, 'Please write the announcement');
      assert.equal((await announce({ contestId: 999_999, text: 'Hello' })).message, 'No such contest');
      assert.equal((await announce({ contestId: cup.id, problemId: other.problem, text: 'Hello' })).message, 'No such problem in this contest');
      assert.equal((await admin.api.get('/api/clarification/admin/list', { status: 'open' })).message, "status must be 'unanswered' or 'all'");
      assert.equal((await admin.api.get('/api/clarification/admin/list', { contestId: 999_999 })).status, 404);
      assert.equal((await alice.api.json('/api/clarification/seen', { contestId: cup.id, version: -1 })).message, 'version must be a whole number, 0 or more');
      assert.equal(await tables(), before);
    });
  });

  describe('deletions', () => {
    it("a deleted problem leaves its questions general; a deleted contest takes its clarifications along", async () => {
      const del = await admin.api.json('/api/admin/problem/deleteList', [cup.problems[1]], 'DELETE');
      assert.equal(del.code, 0, del.message);
      const about = (await list(alice)).data.items.find((c) => c.text === 'Bananas: n is at most 1000.')!;
      assert.deepEqual([about.problemId, about.problemLetter, about.problemTitle], [null, null, '']);
      assert.equal((await admin.api.json('/api/contest/deleteList', [ended], 'DELETE')).code, 0);
      const left = await server.services.db.selectFrom('clarifications').select('id').where('contest_id', '=', ended).execute();
      assert.deepEqual(left, []);
    });
  });
});
