// The conformance suite every judge backend must pass. Call it from a test file:
//   backendContractSuite('sandbox', () => createSandboxBackend());
// Programs are run by relative path (./prog) from the work dir, so the suite holds for backends
// that mount the work dir elsewhere (the sandbox sees it as /work) and for ones that do not.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JudgeBackend, RunLimits, RunRequest, RunResult } from '../index.ts';
import { interactiveContract } from './interactive.ts';
import { C_PROGRAMS, cleanupWorkDirs, compileC, makeWorkDir, type ProgramName } from './programs.ts';

export function backendContractSuite(name: string, makeBackend: () => JudgeBackend | Promise<JudgeBackend>): void {
  describe(`judge backend contract: ${name}`, function () {
    this.timeout(30_000);
    let backend: JudgeBackend;
    const limits: RunLimits = { cpuMs: 1000, memoryKb: 256 * 1024 };

    before(async function () {
      backend = await makeBackend();
      const report = await backend.check();
      assert.ok(report.ok, `backend ${name} is not usable here: ${report.problems.join('; ')}`);
    });
    after(cleanupWorkDirs);

    const run = (req: Partial<RunRequest> & { argv: string[] }): Promise<RunResult> =>
      backend.run({ workDir: makeWorkDir(), limits, ...req });
    const runProgram = (program: ProgramName, args: string[], req: Partial<RunRequest> = {}) =>
      backend.run({ argv: ['./prog', ...args], workDir: makeWorkDir(compileC(program, C_PROGRAMS[program])), limits, ...req });

    it('runs a program and returns its stdout and stderr', async function () {
      const r = await run({ argv: ['/bin/sh', '-c', 'echo hello; echo oops >&2'] });
      assert.equal(r.status, 'OK', r.message);
      assert.equal(r.exitCode, 0);
      assert.equal(r.signal, null);
      assert.equal(r.stdout, 'hello\n');
      assert.equal(r.stderr, 'oops\n');
      assert.ok(r.wallMs >= 0 && r.cpuMs >= 0 && r.memoryKb > 0, JSON.stringify(r));
    });

    it('reports a non-zero exit code as RE', async function () {
      const r = await run({ argv: ['/bin/sh', '-c', 'exit 3'] });
      assert.equal(r.status, 'RE');
      assert.equal(r.exitCode, 3);
      assert.equal(r.signal, null);
    });

    it('reports death by signal as RE with the signal name', async function () {
      const r = await run({ argv: ['/bin/sh', '-c', 'kill -SEGV $$'] });
      assert.equal(r.status, 'RE');
      assert.equal(r.signal, 'SIGSEGV');
      assert.equal(r.exitCode, null);
    });

    it('stops a CPU-bound loop with TLE', async function () {
      // The wall limit is generous so that the CPU limit decides, even on a loaded machine.
      const r = await runProgram('cpuLoop', [], { limits: { cpuMs: 500, wallMs: 20_000, memoryKb: 64 * 1024 } });
      assert.equal(r.status, 'TLE');
      assert.ok(r.cpuMs >= 500, `cpu ${r.cpuMs}`);
    });

    it('stops a sleeping program with TLE by wall clock', async function () {
      const r = await run({ argv: ['/bin/sleep', '30'], limits: { cpuMs: 300, wallMs: 800, memoryKb: 64 * 1024 } });
      assert.equal(r.status, 'TLE');
      assert.ok(r.wallMs >= 800 && r.wallMs < 5000, `wall ${r.wallMs}`);
      assert.ok(r.cpuMs < 300, `cpu ${r.cpuMs}`);
    });

    it('stops a memory bomb with MLE', async function () {
      const r = await runProgram('touchMemory', ['400'], { limits: { cpuMs: 5000, memoryKb: 64 * 1024 } });
      assert.equal(r.status, 'MLE', JSON.stringify(r));
    });

    it('stops unbounded output with OLE', async function () {
      const r = await runProgram('bigOutput', ['100'], { limits: { ...limits, outputBytes: 1 << 20 } });
      assert.equal(r.status, 'OLE', JSON.stringify({ ...r, stdout: r.stdout.length }));
      assert.ok(r.stdout.length <= 1 << 20);
    });

    it('delivers stdin from a string, a Buffer and a file', async function () {
      const fromString = await run({ argv: ['/bin/cat'], stdin: 'one two\n' });
      assert.equal(fromString.stdout, 'one two\n');
      const fromBuffer = await run({ argv: ['/bin/cat'], stdin: Buffer.from('bytes\n') });
      assert.equal(fromBuffer.stdout, 'bytes\n');
      const inputDir = makeWorkDir();
      const input = path.join(inputDir, 'input.txt');
      writeFileSync(input, '1 2\n3 4\n');
      const fromFile = await run({ argv: ['/bin/cat'], stdin: { file: input } });
      assert.equal(fromFile.status, 'OK');
      assert.equal(fromFile.stdout, '1 2\n3 4\n');
    });

    it('writes stdout to stdoutFile instead of returning it', async function () {
      const outDir = makeWorkDir();
      const stdoutFile = path.join(outDir, 'out.txt');
      const r = await run({ argv: ['/bin/sh', '-c', 'echo to-file; echo err >&2'], stdoutFile });
      assert.equal(r.status, 'OK');
      assert.equal(r.stdout, '');
      assert.equal(readFileSync(stdoutFile, 'utf8'), 'to-file\n');
      assert.equal(r.stderr, 'err\n');
    });

    it('lets the program write files into its work dir, readable afterwards', async function () {
      const workDir = makeWorkDir();
      const r = await backend.run({ argv: ['/bin/sh', '-c', 'echo made > result.txt'], workDir, limits });
      assert.equal(r.status, 'OK', r.message ?? r.stderr);
      assert.equal(readFileSync(path.join(workDir, 'result.txt'), 'utf8'), 'made\n');
    });

    it('passes req.env to the program', async function () {
      const r = await run({ argv: ['/bin/sh', '-c', 'echo "$VERDICT_TEST"'], env: { VERDICT_TEST: 'yes' } });
      assert.equal(r.stdout, 'yes\n');
    });

    it('keeps at most stderrBytes of stderr without failing the run', async function () {
      const r = await run({
        argv: ['/bin/sh', '-c', 'i=0; while [ $i -lt 2000 ]; do echo error-line >&2; i=$((i+1)); done'],
        limits: { ...limits, stderrBytes: 100 },
      });
      assert.equal(r.status, 'OK');
      assert.ok(r.stderr.length <= 100 && r.stderr.startsWith('error-line'), r.stderr);
    });

    // Isolation: only for backends that claim it (an unsafe backend says so and skips these).
    it('isolates the program: no network, no judge files, nothing writable outside the work dir', async function () {
      if (backend.unsafe) this.skip();
      const script = [
        '[ -e /work/main/package.json ] && echo judge-files',
        '[ -e /etc/shadow ] && echo shadow',
        'touch /usr/x 2>/dev/null && echo wrote-usr',
        'touch /x 2>/dev/null && echo wrote-root',
        'exit 0',
      ].join('; ');
      const r = await run({ argv: ['/bin/sh', '-c', script] });
      assert.equal(r.status, 'OK', r.stderr);
      assert.equal(r.stdout, '');
      const net = await run({ argv: ['/bin/cat', '/proc/net/dev'] });
      assert.deepEqual(
        net.stdout.split('\n').filter((l) => l.includes(':')).map((l) => l.trim().split(':')[0]),
        ['lo'],
        'only a loopback interface',
      );
    });

    it('runs several programs in parallel with independent verdicts', async function () {
      const results = await Promise.all([
        run({ argv: ['/bin/sh', '-c', 'echo a'] }),
        run({ argv: ['/bin/sh', '-c', 'exit 7'] }),
        runProgram('cpuLoop', [], { limits: { cpuMs: 300, wallMs: 3000, memoryKb: 64 * 1024 } }),
        run({ argv: ['/bin/cat'], stdin: 'b' }),
      ]);
      assert.deepEqual(
        results.map((r) => r.status),
        ['OK', 'RE', 'TLE', 'OK'],
      );
      assert.equal(results[0].stdout, 'a\n');
      assert.equal(results[1].exitCode, 7);
      assert.equal(results[3].stdout, 'b');
    });

    interactiveContract(() => backend);
  });
}
