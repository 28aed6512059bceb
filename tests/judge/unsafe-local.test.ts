// The unsafe-local backend against the shared backend contract, plus its plugin wiring.
import assert from 'node:assert/strict';
import type { JudgeBackend } from '@verdict/plugin-api';
import unsafeLocal from '@verdict/unsafe-local';
import { backendContractSuite } from '@verdict/plugin-api/conformance';

async function makeUnsafeLocal(): Promise<JudgeBackend> {
  const backends: JudgeBackend[] = [];
  await unsafeLocal.setup(
    { registerBackend: (b) => backends.push(b), registerLanguage() {}, registerChecker() {}, log() {} },
    unsafeLocal.parseConfig!({}),
  );
  return backends[0];
}

backendContractSuite('unsafe-local', makeUnsafeLocal);

describe('unsafe-local plugin', function () {
  it('registers one backend named unsafe-local, marked unsafe and labelled so', async function () {
    const backend = await makeUnsafeLocal();
    assert.equal(backend.name, 'unsafe-local');
    assert.equal(backend.unsafe, true);
    const report = await backend.check();
    assert.equal(report.capabilities.isolation, 'UNSAFE: no isolation');
  });

  it('rejects unknown config keys with a clear message', function () {
    assert.throws(() => unsafeLocal.parseConfig!({ cacheDirectory: '/x' }), /unknown config key\(s\): cacheDirectory/);
    assert.throws(() => unsafeLocal.parseConfig!('x'), /must be an object/);
  });
});
