import assert from 'node:assert/strict';
import { Api } from '../helpers/api.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

describe('HTTP core', () => {
  let server: TestServer;
  let api: Api;
  before(async () => {
    server = await startTestServer();
    api = new Api(server.url);
  });
  after(() => server?.destroy());

  it('answers in the {code, message, data} envelope', async () => {
    const r = await api.get('/api/health');
    assert.equal(r.status, 200);
    assert.equal(r.code, 0);
    assert.equal(r.data.status, 'ok');
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    const r = await api.get('/api/does-not-exist');
    assert.equal(r.status, 404);
    assert.notEqual(r.code, 0);
    assert.match(r.message, /No such API/);
  });

  it('refuses a malformed JSON body with 400 and no stack trace', async () => {
    const res = await api.raw('/api/health', { method: 'GET' });
    assert.equal(res.status, 200);
    const bad = await fetch(server.url + '/api/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": ',
    });
    const body = await bad.json();
    assert.equal(bad.status, 400);
    assert.notEqual(body.code, 0);
    assert.doesNotMatch(JSON.stringify(body), /at .*\.ts:\d+/);
  });

  it('refuses an object where text is expected with 400, even one whose length is an object', async () => {
    const r = await api.json('/api/user/emailLogin', { email: { length: { toString: 'x' } }, code: '1', captchaId: 'x', captcha: 'x' });
    assert.equal(r.status, 400);
    assert.equal(r.code, 1000);
    assert.match(r.message, /wrong type/);
  });
});
