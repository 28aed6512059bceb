// Compiling less: a C++ source including <bits/stdc++.h> compiles against the header built once
// per toolchain (bound read-only at /pch), and a source compiled before is not compiled again.
// Compiles are counted on the real backend through a plugin that wraps it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { createJudge, type Judge } from '@verdict/judge';
import type { JudgeBackend, RunRequest, VerdictPlugin } from '@verdict/plugin-api';
import { removeTempDirs, TEST_BACKEND, tempDir, tinyProblem } from './helpers.ts';

const AB = '#include <bits/stdc++.h>\nusing namespace std;\nint main() { long long a, b; cin >> a >> b; cout << a + b << "\\n"; }\n';

/** The real backend, with every request it runs kept. */
async function countingPlugin(requests: RunRequest[]): Promise<VerdictPlugin> {
  const real = (await import(TEST_BACKEND === 'sandbox' ? '@verdict/sandbox-bwrap' : '@verdict/unsafe-local')).default as VerdictPlugin;
  return {
    name: 'counting',
    apiVersion: 1,
    async setup(ctx, config) {
      await real.setup(
        {
          ...ctx,
          registerBackend(backend: JudgeBackend) {
            ctx.registerBackend({
              ...backend,
              name: `counting-${backend.name}`,
              check: () => backend.check(),
              run: (req) => {
                requests.push(req);
                return backend.run(req);
              },
              close: () => backend.close?.() ?? Promise.resolve(),
            });
          },
        },
        config,
      );
    },
  };
}

const compiles = (requests: RunRequest[]) => requests.filter((r) => r.argv[0] === 'g++' && r.argv.includes('main.cpp'));
const headerBuilds = (requests: RunRequest[]) => requests.filter((r) => r.argv.includes('c++-header'));

describe(`compiling less (${TEST_BACKEND} backend) @slow`, function () {
  this.timeout(180_000);
  const requests: RunRequest[] = [];
  let judge: Judge;
  let cacheDir: string;

  before(async () => {
    cacheDir = tempDir('verdict-compile-cache-');
    judge = await createJudge({ plugins: [{ plugin: await countingPlugin(requests) }], backend: `counting-${TEST_BACKEND}`, cacheDir });
  });
  after(async () => {
    await judge?.close();
    await removeTempDirs();
  });
  beforeEach(() => {
    requests.length = 0;
  });

  it('builds the header once and compiles a new source against it, read-only at /pch', async () => {
    const problem = await tinyProblem({ tests: [['1 2\n', '3\n']] });
    assert.equal((await judge.judgeSubmission({ problem, language: 'cpp', source: AB })).verdict, 'AC');
    assert.equal(headerBuilds(requests).length, 1, 'the header is built on first use');
    const [compile] = compiles(requests);
    assert.ok(compile, 'the source was compiled');
    if (TEST_BACKEND === 'sandbox') {
      assert.deepEqual(compile.argv.slice(0, 3), ['g++', '-I', '/pch']);
      assert.deepEqual(
        compile.readOnlyBinds?.map((b) => b.sandbox),
        ['/pch'],
      );
      // A copy of the cached header (cacheDir/pch) where the sandbox's user can reach it.
      assert.match(path.basename(compile.readOnlyBinds![0].host), /^pch-\d+-/);
    }

    requests.length = 0;
    const other = AB.replace('a + b', 'b + a');
    assert.equal((await judge.judgeSubmission({ problem, language: 'cpp', source: other })).verdict, 'AC');
    assert.equal(headerBuilds(requests).length, 0, 'the header is not built again');
    assert.equal(compiles(requests).length, 1);
  });

  it('uses the header for real: GCC reads the .gch, not the header, under the same flags', async () => {
    const problem = await tinyProblem({ tests: [['1 2\n', '3\n']] });
    await judge.judgeSubmission({ problem, language: 'cpp', source: AB.replace('a + b', 'a+b') });
    const [compile] = compiles(requests);
    const workDir = tempDir();
    const { writeFile, chmod } = await import('node:fs/promises');
    await chmod(workDir, 0o777);
    await writeFile(path.join(workDir, 'main.cpp'), AB);
    // -H lists the headers read; "! name.gch" is a precompiled header used.
    const argv = [...compile.argv.slice(0, -3), '-H', '-Winvalid-pch', '-fsyntax-only', 'main.cpp'];
    const result = await judge.backend.run({ ...compile, argv, workDir });
    assert.equal(result.status, 'OK', result.stderr);
    assert.match(result.stderr, /^! .*bits\/stdc\+\+\.h\.gch$/m);
    assert.doesNotMatch(result.stderr, /not used because/);
  });

  it('compiles a source that includes something else first as before (the header is ignored)', async () => {
    const problem = await tinyProblem({ tests: [['1 2\n', '3\n']] });
    const source = `#include <cstdio>\n${AB}`;
    assert.equal((await judge.judgeSubmission({ problem, language: 'cpp', source })).verdict, 'AC');
  });

  it('never compiles the same source twice: a rejudge restores the program', async () => {
    const problem = await tinyProblem({ tests: [['1 2\n', '3\n'], ['5 5\n', '10\n']] });
    const source = AB.replace('int main()', 'int main(void)');
    const first = await judge.judgeSubmission({ problem, language: 'cpp', source });
    assert.equal(first.verdict, 'AC');
    assert.equal(compiles(requests).length, 1, JSON.stringify(compiles(requests).map((r) => r.argv)));
    requests.length = 0;
    const again = await judge.judgeSubmission({ problem, language: 'cpp', source });
    assert.equal(again.verdict, 'AC');
    assert.equal(compiles(requests).length, 0, 'compiled again');
    assert.equal(again.compileMessage, first.compileMessage);
    // Not across languages or toolchain commands: C++ source judged as C is compiled.
    requests.length = 0;
    const asC = await judge.judgeSubmission({ problem, language: 'c', source: '#include <stdio.h>\nint main(void){long long a,b;scanf("%lld %lld",&a,&b);printf("%lld\\n",a+b);}\n' });
    assert.equal(asC.verdict, 'AC');
    assert.equal(requests.filter((r) => r.argv[0] === 'gcc' && r.argv.includes('main.c')).length, 1);
  });

  it('does not keep a failed compile: a compile error is reported each time', async () => {
    const problem = await tinyProblem({ tests: [['1 2\n', '3\n']] });
    const broken = 'int main( {';
    for (let i = 0; i < 2; i++) {
      const result = await judge.judgeSubmission({ problem, language: 'cpp', source: broken });
      assert.equal(result.verdict, 'CE');
      assert.match(result.compileMessage, /error/);
    }
    assert.equal(compiles(requests).length, 2);
  });
});
