// The role check every administrator route must pass, as one test per call: refused with 401
// without a token and 403 to a logged-in user, with the spec's messages, and nothing changed.
import assert from 'node:assert/strict';
import type { HttpMethod } from '@verdict/shared';
import { Api } from './api.ts';

export type AdminOnlyCall = [method: 'get' | 'post' | 'put' | 'delete', path: string, body: unknown];

export interface AdminOnlyEnv {
  url: string;
  /** A logged-in user who is not an administrator. */
  user: Api;
  /** What must not change (the rows the calls would touch). */
  state: () => Promise<unknown>;
}

export function itRefusesNonAdmins(calls: AdminOnlyCall[], env: () => AdminOnlyEnv): void {
  for (const [method, path, body] of calls) {
    it(`${method.toUpperCase()} ${path}: 401 without a token, 403 for a user`, async () => {
      const { url, user, state } = env();
      const before = await state();
      const call = (api: Api) => (method === 'get' ? api.get(path) : api.json(path, body, method.toUpperCase() as HttpMethod));
      const anonymous = await call(new Api(url));
      assert.equal(anonymous.status, 401);
      assert.equal(anonymous.message, 'Please log in first');
      const refused = await call(user);
      assert.equal(refused.status, 403);
      assert.equal(refused.message, 'Administrator permission required');
      assert.deepEqual(await state(), before);
    });
  }
}
