import assert from 'node:assert/strict';
import { decideAccess, LOGIN_FIRST_MESSAGE } from '../../web/src/lib/guard.ts';

describe('web: route guard decision', () => {
  it('lets anyone open an open route', () => {
    assert.deepEqual(decideAccess('open', null), { kind: 'allow' });
  });

  it('sends a visitor without a stored username to the matching login page', () => {
    assert.deepEqual(decideAccess('user', null), { kind: 'redirect', to: '/login', message: LOGIN_FIRST_MESSAGE });
    assert.deepEqual(decideAccess('admin', '  '), { kind: 'redirect', to: '/admin_login', message: LOGIN_FIRST_MESSAGE });
  });

  it('asks the server before deciding when a username is stored', () => {
    assert.deepEqual(decideAccess('user', 'alice'), { kind: 'check' });
  });

  it('allows after a positive check and redirects after a negative one', () => {
    assert.deepEqual(decideAccess('user', 'alice', true), { kind: 'allow' });
    assert.deepEqual(decideAccess('admin', 'alice', false), {
      kind: 'redirect',
      to: '/admin_login',
      message: LOGIN_FIRST_MESSAGE,
    });
  });
});
