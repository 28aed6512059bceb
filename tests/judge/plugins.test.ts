// The plugin loader and createJudge: contract checks with clear messages, backend choice.
import assert from 'node:assert/strict';
import { createJudge, loadPlugins, PluginError, UNSAFE_LABEL } from '@verdict/judge';
import type { JudgeBackend, VerdictPlugin } from '@verdict/plugin-api';

const fakeBackend = (name: string): JudgeBackend => ({
  name,
  unsafe: false,
  check: async () => ({ ok: true, problems: [], capabilities: {} }),
  run: async () => ({ status: 'SE', exitCode: null, signal: null, cpuMs: 0, wallMs: 0, memoryKb: 0, stdout: '', stderr: '' }),
});

const plugin = (overrides: Partial<VerdictPlugin> = {}): VerdictPlugin => ({
  name: 'test-plugin',
  apiVersion: 1,
  setup(ctx) {
    ctx.registerBackend(fakeBackend('fake'));
  },
  ...overrides,
});

describe('plugin loader', function () {
  it('loads the shipped plugins by package name and registers their backends', async function () {
    const registry = await loadPlugins(['@verdict/sandbox-bwrap', '@verdict/unsafe-local']);
    assert.ok(registry.backend('sandbox'));
    assert.equal(registry.backend('unsafe-local')?.unsafe, true);
  });

  it('registers what an inline plugin provides, with its parsed config', async function () {
    let seen: unknown;
    const registry = await loadPlugins([
      { plugin: plugin({ parseConfig: (raw) => ({ ...(raw as object), parsed: true }), setup: (ctx, c) => { seen = c; ctx.registerBackend(fakeBackend('fake')); } }), config: { a: 1 } },
    ]);
    assert.deepEqual(seen, { a: 1, parsed: true });
    assert.ok(registry.backend('fake'));
  });

  const bad: [string, unknown, RegExp][] = [
    ['a non-object', 42, /does not export a plugin object/],
    ['a plugin without a name', { apiVersion: 1, setup() {} }, /has no "name"/],
    ['a wrong apiVersion', { name: 'old', apiVersion: 0, setup() {} }, /plugin "old": apiVersion is 0, this judge speaks 1/],
    ['a missing setup', { name: 'nosetup', apiVersion: 1 }, /plugin "nosetup": setup is not a function/],
  ];
  for (const [what, candidate, message] of bad) {
    it(`reports ${what} clearly`, async function () {
      await assert.rejects(loadPlugins(['some-plugin'], { importer: async () => ({ default: candidate }) }), message);
    });
  }

  it('names the plugin whose config is invalid or whose setup throws', async function () {
    const strict = plugin({ name: 'strict', parseConfig: () => { throw new Error('port must be a number'); } });
    await assert.rejects(loadPlugins([{ plugin: strict }]), /plugin "strict": invalid config: port must be a number/);
    const broken = plugin({ name: 'broken', setup: () => { throw new Error('kaboom'); } });
    await assert.rejects(loadPlugins([{ plugin: broken }]), /plugin "broken": setup failed: kaboom/);
  });

  it('refuses deep imports and reports packages that do not exist', async function () {
    await assert.rejects(loadPlugins(['@verdict/unsafe-local/src/backend.ts']), /by package name only/);
    await assert.rejects(loadPlugins(['@verdict/no-such-plugin']), (err: Error) => err instanceof PluginError && /cannot be imported/.test(err.message));
  });

  it('refuses two backends with the same name', async function () {
    await assert.rejects(loadPlugins([{ plugin: plugin({ name: 'one' }) }, { plugin: plugin({ name: 'two' }) }]), /backend "fake" is registered twice: by "one" and by "two"/);
  });
});

describe('createJudge', function () {
  it('chooses the sandbox by default here (Linux, root, check passes)', async function () {
    const judge = await createJudge();
    assert.equal(judge.backend.name, 'sandbox');
    assert.equal(judge.backend.unsafe, false);
  });

  it('explains how to choose unsafe-local when no safe backend is usable', async function () {
    await assert.rejects(createJudge({ plugins: ['@verdict/unsafe-local'] }), /no safe judge backend[\s\S]*--backend unsafe-local[\s\S]*UNSAFE: no isolation/);
  });

  it('labels the unsafe backend when it is chosen explicitly', async function () {
    const logs: string[] = [];
    const judge = await createJudge({ backend: 'unsafe-local', log: (m) => logs.push(m) });
    assert.equal(judge.backend.unsafe, true);
    assert.ok(logs.some((m) => m.includes(UNSAFE_LABEL)), logs.join('\n'));
  });

  it('reports an unknown backend with the ones it knows', async function () {
    await assert.rejects(createJudge({ backend: 'docker' }), /judge backend "docker" is not available \(loaded: sandbox, unsafe-local\)/);
  });

  it('lists languages from languages/*, probed once, with a reason for each unavailable one', async function () {
    const judge = await createJudge({ backend: 'sandbox' });
    const status = await judge.languageStatus();
    assert.strictEqual(await judge.languageStatus(), status);
    const ids = status.map((s) => s.language.id);
    for (const id of ['c', 'cpp', 'python3', 'java', 'javascript', 'rust', 'go', 'pypy3', 'pascal']) assert.ok(ids.includes(id), id);
    for (const id of ['c', 'cpp', 'python3', 'java', 'javascript']) {
      const s = status.find((x) => x.language.id === id)!;
      assert.ok(s.available, `${id}: ${s.reason}`);
      assert.ok(s.version);
      assert.ok(s.language.template.length > 0);
    }
    for (const s of status.filter((x) => !x.available)) assert.match(s.reason!, /does not answer/);
  });
});
