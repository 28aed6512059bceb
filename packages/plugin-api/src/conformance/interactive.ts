// What JudgeBackend.runInteractive must do, for backends that offer it (the suite skips the
// others): two process trees joined by pipes, each with its own limits and figures, EOF to one
// side when the other ends, a deadlock ended by the wall-clock limits.
import assert from 'node:assert/strict';
import type { InteractiveRunRequest, JudgeBackend, PipedRunRequest, RunLimits } from '../index.ts';
import { C_PROGRAMS, compileC, makeWorkDir } from './programs.ts';

export function interactiveContract(backend: () => JudgeBackend): void {
  describe('interactive runs (runInteractive)', function () {
    const limits: RunLimits = { cpuMs: 1000, wallMs: 5000, memoryKb: 256 * 1024 };
    const side = (script: string, more: Partial<PipedRunRequest> = {}): PipedRunRequest => ({ argv: ['/bin/sh', '-c', script], workDir: makeWorkDir(), limits, ...more });
    const interact = (req: InteractiveRunRequest) => backend().runInteractive!(req);

    beforeEach(function () {
      if (!backend().runInteractive) this.skip();
    });

    it('joins the validator’s stdout to the program’s stdin and back, with blocking reads', async function () {
      // The validator speaks late: a program whose stdin did not block would read nothing.
      const r = await interact({
        validator: side('sleep 0.2; echo 21; read x; echo "got $x" >&2; [ "$x" = 42 ] && exit 42; exit 43'),
        program: side('read n; echo $((n * 2)); echo done >&2'),
      });
      assert.equal(r.validator.exitCode, 42, JSON.stringify(r));
      assert.equal(r.validator.stderr, 'got 42\n');
      assert.equal(r.program.status, 'OK', JSON.stringify(r));
      assert.equal(r.program.stderr, 'done\n');
      assert.equal(r.program.stdout, '');
      assert.equal(r.validator.stdout, '');
    });

    it('gives the validator EOF when the program ends, and says the program ended first', async function () {
      const r = await interact({ validator: side('cat >/dev/null; echo eof >&2; exit 43'), program: side('exit 3') });
      assert.equal(r.program.exitCode, 3);
      assert.equal(r.validator.exitCode, 43);
      assert.equal(r.validator.stderr, 'eof\n');
      assert.equal(r.firstToEnd, 'program');
    });

    it('gives the program EOF when the validator ends, and says the validator ended first', async function () {
      const r = await interact({ validator: side('exit 43'), program: side('cat >/dev/null; sleep 0.1; echo eof >&2') });
      assert.equal(r.validator.exitCode, 43);
      assert.equal(r.program.status, 'OK', JSON.stringify(r));
      assert.equal(r.program.stderr, 'eof\n');
      assert.equal(r.firstToEnd, 'validator');
    });

    it('does not kill a validator that writes after the program ended (no SIGPIPE)', async function () {
      const r = await interact({ validator: side('sleep 0.3; echo late; echo late; exit 42'), program: side('exit 0') });
      assert.equal(r.validator.exitCode, 42, JSON.stringify(r));
      assert.equal(r.validator.signal, null);
    });

    it('does not block a validator that writes more than a pipe holds after the program ended', async function () {
      // 2 MB: more than a socket pair (~200 KB) or problemtools' pipe (1 MiB) holds. Left unread,
      // the validator waited for its wall-clock limit (SE for a program that merely crashed).
      const r = await interact({ validator: side('head -c 2000000 /dev/zero; echo done >&2; exit 42'), program: side('exit 1') });
      assert.equal(r.program.exitCode, 1);
      assert.equal(r.validator.exitCode, 42, JSON.stringify(r));
      assert.equal(r.validator.stderr, 'done\n');
      assert.ok(r.validator.wallMs < 2000, `the validator was blocked ${r.validator.wallMs} ms`);
      assert.equal(r.firstToEnd, 'program');
    });

    it('lets a validator blocked writing to the program go on once the program is stopped at its limit', async function () {
      const started = Date.now();
      const r = await interact({
        validator: side('head -c 2000000 /dev/zero; exit 42', { limits: { ...limits, wallMs: 10_000 } }),
        program: side('sleep 100', { limits: { cpuMs: 300, wallMs: 800, memoryKb: 64 * 1024 } }),
      });
      assert.equal(r.program.status, 'TLE', JSON.stringify(r));
      assert.equal(r.validator.exitCode, 42, JSON.stringify(r));
      assert.ok(Date.now() - started < 4000, `took ${Date.now() - started} ms`);
    });

    it('ends a deadlock at the program’s wall-clock limit', async function () {
      const started = Date.now();
      const r = await interact({
        validator: side('read x; exit 43', { limits: { ...limits, wallMs: 10_000 } }),
        program: side('read x', { limits: { cpuMs: 300, wallMs: 800, memoryKb: 64 * 1024 } }),
      });
      assert.equal(r.program.status, 'TLE', JSON.stringify(r));
      assert.equal(r.validator.exitCode, 43, 'the validator read EOF once the program was gone');
      assert.equal(r.firstToEnd, 'program');
      assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
    });

    it('measures each side on its own', async function () {
      const burn = compileC('burnCpu', C_PROGRAMS.burnCpu);
      const r = await interact({
        validator: side('cat >/dev/null; exit 42'),
        program: { argv: ['./prog', '300'], workDir: makeWorkDir(burn), limits },
      });
      assert.equal(r.program.status, 'OK', JSON.stringify(r));
      assert.ok(r.program.cpuMs >= 300, `program cpu ${r.program.cpuMs}`);
      assert.ok(r.validator.cpuMs < 150, `validator cpu ${r.validator.cpuMs}`);
      assert.ok(r.validator.wallMs >= 300, `validator wall ${r.validator.wallMs}`);
    });

    it('keeps at most stderrBytes of each side’s stderr', async function () {
      const flood = 'i=0; while [ $i -lt 2000 ]; do echo error-line >&2; i=$((i+1)); done';
      const r = await interact({
        validator: side(`${flood}; exit 42`, { limits: { ...limits, stderrBytes: 100 } }),
        program: side(flood, { limits: { ...limits, stderrBytes: 50 } }),
      });
      assert.equal(r.validator.exitCode, 42);
      assert.ok(r.validator.stderr.length <= 100 && r.validator.stderr.startsWith('error-line'), r.validator.stderr);
      assert.ok(r.program.stderr.length <= 50 && r.program.stderr.startsWith('error-line'), r.program.stderr);
    });

    it('refuses stdin and stdoutFile: the pipes are the stdio (SE)', async function () {
      const withStdin = { ...side('exit 0'), stdin: 'x' } as PipedRunRequest;
      const r = await interact({ validator: side('exit 42'), program: withStdin });
      assert.equal(r.program.status, 'SE');
      assert.match(r.program.message ?? '', /stdin/);
    });

    it('runs several interactive runs at once, each side with its own partner', async function () {
      const runs = await Promise.all(
        [1, 2, 3, 4].map((k) =>
          interact({
            validator: side(`echo ${k}; read x; [ "$x" = ${k * 10} ] && exit 42; exit 43`),
            program: side('read n; sleep 0.1; echo $((n * 10))'),
          }),
        ),
      );
      assert.deepEqual(
        runs.map((r) => r.validator.exitCode),
        [42, 42, 42, 42],
      );
    });
  });
}
