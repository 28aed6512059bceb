// The backend contract for the `sandbox` backend, plus its plugin wiring and configuration.
import assert from 'node:assert/strict';
import { existsSync, chmodSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JudgeBackend, PluginContext } from '@verdict/plugin-api';
import sandboxPlugin, { createSandboxBackend, parseSandboxConfig } from '@verdict/sandbox-bwrap';
import { backendContractSuite } from '@verdict/plugin-api/conformance';

// Idle tmpfs work dirs are shared by the backends of this process: unmount them at the end.
after(() => createSandboxBackend().close());

backendContractSuite('sandbox', () => createSandboxBackend());
backendContractSuite('sandbox (work dir bound, not copied)', () => createSandboxBackend({ workDirMode: 'bind' }));

describe('sandbox-bwrap plugin', function () {
  it('registers a backend named sandbox through setup()', async function () {
    const backends: JudgeBackend[] = [];
    const ctx: PluginContext = {
      registerBackend: (b) => backends.push(b),
      registerLanguage: () => undefined,
      registerChecker: () => undefined,
      log: () => undefined,
    };
    assert.equal(sandboxPlugin.name, 'sandbox-bwrap');
    assert.equal(sandboxPlugin.apiVersion, 1);
    await sandboxPlugin.setup(ctx, sandboxPlugin.parseConfig!({}));
    assert.equal(backends.length, 1);
    assert.equal(backends[0].name, 'sandbox');
    assert.equal(backends[0].unsafe, false);
  });

  it('fills defaults and rejects unknown or malformed options clearly', function () {
    const config = parseSandboxConfig({ tmpSizeKb: 1024 });
    assert.equal(config.tmpSizeKb, 1024);
    // A pool of uids, one per concurrent run (docs/sandbox.md, "The uid pool").
    assert.equal(config.uids, '1900000000-1900000063');
    assert.equal(config.uid, 1900000000);
    assert.equal(config.seccomp, 'required');
    assert.throws(() => parseSandboxConfig({ tmpSize: 1 }), /unknown option 'tmpSize'/);
    assert.throws(() => parseSandboxConfig({ seccomp: 'maybe' }), /option 'seccomp' must be/);
    assert.throws(() => parseSandboxConfig({ bwrapPath: 'bwrap' }), /absolute path/);
    assert.throws(() => parseSandboxConfig('x'), /must be an object/);
    assert.throws(() => parseSandboxConfig({ uid: 0 }), /option 'uid' must be an unprivileged uid/);
    // `uid` alone is a pool of one; `uids` takes ranges and lists of unprivileged uids.
    assert.equal(parseSandboxConfig({ uid: 65534 }).uids, '65534');
    assert.equal(parseSandboxConfig({ uids: '3000-3003,4000' }).uid, 3000);
    for (const uids of ['0-3', '5-2', 'x', '2147483648', '1-70000']) {
      assert.throws(() => parseSandboxConfig({ uids }), /option 'uids' must be a uid range/, uids);
    }
  });

  it('doctor warns when the uid pool is smaller than the runs at once or fs.file-max is under their files', function () {
    const fileMax = Number(readFileSync('/proc/sys/fs/file-max', 'utf8'));
    if (fileMax >= 1024 * 128) assert.deepEqual(createSandboxBackend().hostLimitWarnings(1), []);
    const [pool] = createSandboxBackend({ uid: 65534 }).hostLimitWarnings(1);
    assert.match(pool, /uid pool \(uids: 65534\) has 1 uid for up to 2 runs at once/);
    const files = createSandboxBackend({ defaultPids: 1e9 }).hostLimitWarnings(4);
    assert.match(files.at(-1) ?? '', /^fs.file-max is \d+, under 4096000000000 \(4 workers × 1024 files × 1000000000 processes\)/);
  });

  it('check() reports bwrap, cgroups, seccomp and root', async function () {
    const report = await createSandboxBackend().check();
    assert.deepEqual(report.problems, []);
    assert.equal(report.ok, true);
    assert.match(String(report.capabilities.bwrap), /bubblewrap \d/);
    assert.match(String(report.capabilities.cgroups), /^v[12] /);
    assert.equal(report.capabilities.seccomp, 'deny list (errno)');
    assert.equal(report.capabilities.root, true);
  });

  it('check() names the fix when bwrap is missing, and run() answers SE', async function () {
    const backend = createSandboxBackend({ bwrapPath: '/nonexistent/bwrap' });
    const report = await backend.check();
    assert.equal(report.ok, false);
    assert.ok(report.problems.some((p) => p.includes('apt-get install -y bubblewrap')), report.problems.join('; '));
    const r = await backend.run({ argv: ['/bin/true'], workDir: '/tmp', limits: { cpuMs: 1000, memoryKb: 65536 } });
    assert.equal(r.status, 'SE');
    assert.ok(r.message, 'an SE carries a message');
  });

  it('answers SE with a clear message for a malformed request', async function () {
    const backend = createSandboxBackend();
    const limits = { cpuMs: 1000, memoryKb: 65536 };
    const cases: [Parameters<typeof backend.run>[0], RegExp][] = [
      [{ argv: [], workDir: '/tmp', limits }, /argv must be/],
      [{ argv: ['/bin/true'], workDir: 'relative', limits }, /workDir must be an absolute path/],
      [{ argv: ['/bin/true'], workDir: '/nonexistent-verdict-dir', limits }, /is not a directory/],
      [{ argv: ['/bin/true'], workDir: '/tmp', limits: { cpuMs: 0, memoryKb: 65536 } }, /limits.cpuMs/],
    ];
    for (const [req, message] of cases) {
      const r = await backend.run(req);
      assert.equal(r.status, 'SE');
      assert.match(r.message ?? '', message);
    }
  });

  it('binds extra host files read-only, inside /work too, without copying them back', async function () {
    const backend = createSandboxBackend();
    const shared = mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-bind-'));
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-bindwork-'));
    try {
      chmodSync(shared, 0o755);
      writeFileSync(path.join(shared, 'data.txt'), 'shared\n', { mode: 0o644 });
      const r = await backend.run({
        argv: ['/bin/sh', '-c', 'cat /opt/data.txt /work/data.txt; echo x > /work/data.txt || echo read-only'],
        workDir,
        readOnlyBinds: [
          { host: path.join(shared, 'data.txt'), sandbox: '/opt/data.txt' },
          { host: path.join(shared, 'data.txt'), sandbox: '/work/data.txt' },
        ],
        limits: { cpuMs: 1000, memoryKb: 65536 },
      });
      assert.equal(r.status, 'OK', r.stderr);
      assert.equal(r.stdout, 'shared\nshared\nread-only\n');
      assert.deepEqual(readdirSync(workDir), []);
    } finally {
      rmSync(shared, { recursive: true, force: true });
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('re-running the same work dir sees exactly the host files, whatever the last run did to its copy', async function () {
    // A slot whose copy the last run left untouched is reused without copying; anything else
    // (a deletion, a replacement with its size and mtime put back, a new file, a host change)
    // means a fresh copy. The host dir mirrors the slot: what the program removed is removed.
    const backend = createSandboxBackend();
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-rerun-'));
    const limits = { cpuMs: 1000, memoryKb: 65536 };
    const sh = async (script: string) => {
      const r = await backend.run({ argv: ['/bin/sh', '-c', script], workDir, limits });
      assert.equal(r.status, 'OK', r.stderr);
      return r.stdout;
    };
    try {
      writeFileSync(path.join(workDir, 'a.txt'), 'one\n');
      writeFileSync(path.join(workDir, 'b.txt'), 'two\n');
      assert.equal(await sh('cat a.txt b.txt'), 'one\ntwo\n');
      assert.equal(await sh('cat a.txt b.txt'), 'one\ntwo\n'); // unchanged: reused
      await sh('rm a.txt');
      assert.equal(existsSync(path.join(workDir, 'a.txt')), false, 'the deletion is mirrored');
      assert.equal(await sh('ls'), 'b.txt\n');
      writeFileSync(path.join(workDir, 'a.txt'), 'one\n');
      // The files given are root's: written in place, no; replaced, yes (and copied back).
      assert.equal(await sh('(echo ONE > a.txt) 2>/dev/null || echo denied'), 'denied\n');
      await sh('echo ONE > n && touch -r a.txt n && mv -f n a.txt');
      assert.equal(readFileSync(path.join(workDir, 'a.txt'), 'utf8'), 'ONE\n', 'a replaced file comes back');
      assert.equal(await sh('cat a.txt'), 'ONE\n');
      writeFileSync(path.join(workDir, 'b.txt'), 'TWO\n'); // same size, changed by the host
      assert.equal(await sh('cat b.txt'), 'TWO\n');
      await sh('echo made > c.txt');
      assert.equal(await sh('cat c.txt; ls'), 'made\na.txt\nb.txt\nc.txt\n');
      rmSync(path.join(workDir, 'c.txt'));
      assert.equal(await sh('ls'), 'a.txt\nb.txt\n');
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('starts the launcher of the next run in the background and ends it at close()', async function () {
    const backend = createSandboxBackend({ workDirMode: 'bind' });
    const workDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-launcher-'));
    const limits = { cpuMs: 1000, memoryKb: 65536 };
    // Waiting launchers: children of this backend's launcher spawner (or of this process, when
    // launchers are forked from it) still running the rlimit launcher, other than those of the
    // backends of earlier tests.
    let spawnerPid = 0;
    const launchersNow = () =>
      readdirSync('/proc')
        .filter((p) => /^\d+$/.test(p))
        .filter((p) => {
          try {
            const ppid = Number(readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
            return (ppid === process.pid || ppid === spawnerPid) && /rlimit-exec/.test(readlinkSync(`/proc/${p}/exe`));
          } catch {
            return false;
          }
        });
    const earlier = new Set(launchersNow());
    const launchers = () => launchersNow().filter((p) => !earlier.has(p));
    try {
      chmodSync(workDir, 0o755);
      const first = await backend.run({ argv: ['/bin/cat'], workDir, stdin: 'in\n', limits });
      assert.equal(first.stdout, 'in\n');
      spawnerPid = (await backend.launcherSpawner()).pid;
      assert.ok(spawnerPid > 0, 'the launcher spawner runs');
      await backend.idle();
      assert.equal(launchers().length, 1, 'one launcher waits for the next run');
      const missing = await backend.run({ argv: ['/bin/cat'], workDir, stdin: { file: path.join(workDir, 'missing') }, limits });
      assert.equal(missing.status, 'SE');
      assert.match(missing.message ?? '', /missing: No such file/);
      await backend.close();
      for (let i = 0; i < 50 && launchers().length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.deepEqual(launchers(), [], 'no launcher is left after close()');
    } finally {
      rmSync(workDir, { recursive: true, force: true });
    }
  });

  it('check() names the fix when the helpers cannot be compiled', async function () {
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'verdict-sandbox-nogcc-'));
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      const report = await createSandboxBackend({ cacheDir }).check();
      assert.equal(report.ok, false);
      assert.ok(report.problems.some((p) => /gcc not found.*apt-get install -y gcc/.test(p)), report.problems.join('; '));
    } finally {
      process.env.PATH = savedPath;
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
