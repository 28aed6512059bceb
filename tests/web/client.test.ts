import assert from 'node:assert/strict';
import { api, ApiError, configureApi, errorMessage, NETWORK_ERROR_MESSAGE } from '../../web/src/api/client.ts';

interface Call {
  url: string;
  init: RequestInit;
}

const store = new Map<string, string>();
const realFetch = globalThis.fetch;
let calls: Call[] = [];
let reply: () => Promise<Response>;

function envelope(body: unknown, status = 200): () => Promise<Response> {
  return async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('web: API client', () => {
  before(() => {
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
        clear: () => store.clear(),
      },
    });
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return reply();
    }) as typeof fetch;
    configureApi({ baseUrl: 'http://judge.test/' });
  });

  after(() => {
    globalThis.fetch = realFetch;
    delete (globalThis as { localStorage?: unknown }).localStorage;
    configureApi({ baseUrl: '' });
  });

  beforeEach(() => {
    calls = [];
    store.clear();
  });

  it('returns data for code 0 and sends the stored token', async () => {
    store.set('token', 'tok-1');
    reply = envelope({ code: 0, message: 'success', data: [{ id: 1 }] });
    assert.deepEqual(await api.get('/api/admin/problem/list', { title: 'sum', id: '' }), [{ id: 1 }]);
    assert.equal(calls[0].url, 'http://judge.test/api/admin/problem/list?title=sum');
    assert.equal((calls[0].init.headers as Record<string, string>).Authorization, 'tok-1');
  });

  it('sends forms url-encoded and JSON as JSON', async () => {
    reply = envelope({ code: 0, message: 'success', data: null });
    await api.post('/api/user/login', { form: { username: 'a b', password: 'p&q' } });
    assert.equal(String(calls[0].init.body), 'username=a+b&password=p%26q');
    await api.post('/api/submit', { json: { problemId: 1, language: 'cpp', code: 'x' } });
    assert.equal(calls[1].init.body, '{"problemId":1,"language":"cpp","code":"x"}');
    assert.equal((calls[1].init.headers as Record<string, string>)['Content-Type'], 'application/json');
  });

  it('rejects with the server message for any other code', async () => {
    reply = envelope({ code: 1003, message: '验证码错误 (wrong captcha)', data: null }, 400);
    await assert.rejects(api.post('/api/user/login', { form: { username: 'a', password: 'b' } }), (err: unknown) => {
      assert.ok(err instanceof ApiError);
      assert.equal(err.message, '验证码错误 (wrong captcha)');
      assert.equal(err.code, 1003);
      assert.equal(err.isNetworkError, false);
      return true;
    });
  });

  it('says "Backend Interface Error!" when the server cannot be reached', async () => {
    reply = async () => {
      throw new TypeError('fetch failed');
    };
    await assert.rejects(api.get('/api/captcha'), (err: unknown) => errorMessage(err) === NETWORK_ERROR_MESSAGE);
  });

  it('says "Backend Interface Error!" for a reply that is not the envelope', async () => {
    reply = async () => new Response('<html>Bad Gateway</html>', { status: 502 });
    await assert.rejects(api.get('/api/captcha'), (err: unknown) => err instanceof ApiError && err.isNetworkError);
  });
});
