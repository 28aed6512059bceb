// The route table test: every registered route is called without a token, with a forged one,
// with a user's and with an administrator's, and must enforce the role it declares. The walk
// is driven by `allRoutes`, so a new route is covered (and counted) without editing this file.
import assert from 'node:assert/strict';
import { issueToken } from '@verdict/server/internal/modules/accounts/tokens';
import { isStreamRoute, type RouteDef } from '@verdict/server/internal/http/route';
import { allRoutes, testOnlyRoutes } from '@verdict/server/internal/http/routes';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, type TestAccount } from '../helpers/tokens.ts';

type Caller = 'nobody' | 'forged' | 'user' | 'admin';

interface Observed {
  status: number;
  code: number | null;
}

describe('security: every route enforces its declared role', () => {
  let server: TestServer;
  let user: TestAccount;
  let admin: TestAccount;
  const walked = new Set<RouteDef>();

  before(async () => {
    server = await startTestServer();
    user = await accountWithToken(server);
    admin = await accountWithToken(server, { auth: 1 });
  });
  after(() => server?.destroy());

  // A fresh token per call: the walk includes logout, which revokes the token it is sent with.
  async function tokenFor(caller: Caller): Promise<string | null> {
    if (caller === 'nobody') return null;
    if (caller === 'forged') return 'Bearer AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    return issueToken(server.services.db, (caller === 'user' ? user : admin).id);
  }

  // Syntactically valid requests: path parameters filled, an empty JSON body on writes. What
  // the body lacks is answered after the role check, which is what is observed here.
  async function call(def: RouteDef, caller: Caller): Promise<Observed> {
    const token = await tokenFor(caller);
    const path = def.path.replace(/:(\w+)/g, '1');
    const headers: Record<string, string> = token ? { Authorization: token } : {};
    const init: RequestInit = { method: def.method.toUpperCase(), headers };
    if (def.method !== 'get') {
      headers['Content-Type'] = 'application/json';
      init.body = '{}';
    }
    const res = await fetch(server.url + path, init);
    // A stream (the live updates) never ends: its status is what is observed.
    const streaming = isStreamRoute(def) && res.ok;
    if (streaming) await res.body?.cancel();
    const text = streaming ? '' : await res.text();
    let code: number | null = null;
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      const parsed = JSON.parse(text);
      if (typeof parsed.code === 'number') code = parsed.code;
    }
    return { status: res.status, code };
  }

  const routes = [...allRoutes, ...testOnlyRoutes];
  for (const def of routes) {
    it(`${def.method.toUpperCase()} ${def.path} (${def.role})`, async () => {
      walked.add(def);
      const seen = {} as Record<Caller, Observed>;
      for (const caller of ['nobody', 'forged', 'user', 'admin'] as const) seen[caller] = await call(def, caller);
      const refusedAs = (caller: Caller, status: number, code: number) =>
        assert.deepEqual(seen[caller], { status, code }, `${caller} on ${def.method} ${def.path}: ${JSON.stringify(seen[caller])}`);
      const allowed = (caller: Caller) =>
        assert.ok(![401, 403].includes(seen[caller].status), `${caller} refused on ${def.method} ${def.path}: ${JSON.stringify(seen[caller])}`);
      if (def.role === 'open') {
        (['nobody', 'user', 'admin'] as const).forEach(allowed);
      } else {
        refusedAs('nobody', 401, 1001);
        refusedAs('forged', 401, 1001);
        if (def.role === 'user') allowed('user');
        else refusedAs('user', 403, 1002);
        allowed('admin');
      }
    });
  }

  it('walked every registered route, and the live API lists no route outside the table', async () => {
    assert.equal(walked.size, routes.length);
    assert.ok(routes.every((r) => ['open', 'user', 'admin'].includes(r.role)));
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(doc.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    assert.equal(operations, allRoutes.length);
  });
});

describe('security: test-only routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ NODE_ENV: 'production' });
  });
  after(() => server?.destroy());

  it('are not registered when NODE_ENV=production', async () => {
    assert.ok(testOnlyRoutes.length > 0);
    const captcha = (await (await fetch(`${server.url}/api/captcha`)).json()) as { data: { captchaId: string } };
    for (const def of testOnlyRoutes) {
      const res = await fetch(server.url + def.path.replace(/:(\w+)/g, encodeURIComponent(captcha.data.captchaId)), { method: def.method.toUpperCase() });
      assert.equal(res.status, 404, `${def.method} ${def.path}`);
      assert.equal(((await res.json()) as { code: number }).code, 1007);
    }
  });
});
