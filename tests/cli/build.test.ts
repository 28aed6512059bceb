// The `verdict` command's ahead-of-time build (scripts/build.mjs, docs/cli.md "The build"): made
// into a folder of its own under dist/, it runs the real commands (help, judging a sample problem
// in the sandbox and with the unsafe-local backend, the judge process of `verdict serve`), and
// cli/bin/verdict.js uses a build only while it matches the files it was built from.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isBuiltin } from 'node:module';
import { promisify } from 'node:util';
import { checkBuild } from '../../cli/bin/fresh-build.js';
import { CliSandbox, REPO_ROOT } from './run-cli.ts';

const run = promisify(execFile);
const PROBLEM = path.join(REPO_ROOT, 'problems', 'aplusb');
const SOURCES_NOTE = /^verdict: running the TypeScript sources: /m;

interface Manifest {
  entry: string;
  inputs: Record<string, { size: number; mtimeMs: number; sha256: string }>;
}

describe('cli: the JavaScript build', function () {
  this.timeout(120_000);
  const build = path.join(REPO_ROOT, 'dist', `test-build-${process.pid}`);
  const copies: string[] = [];
  let box: CliSandbox;

  /** `verdict` through cli/bin/verdict.js with the build in `dir` (a missing folder: the sources). */
  const verdict = (dir: string, args: string[]) => box.run(args, { env: { VERDICT_BUILD_DIR: dir } });
  /** A copy of the build whose manifest `edit` changes; main.js only prints where it runs from. */
  const editedCopy = (edit: (manifest: Manifest) => void) => {
    const dir = `${build}-copy${copies.length}`;
    copies.push(dir);
    fs.cpSync(build, dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'main.js'), "console.log('ran the build');\n");
    const file = path.join(dir, 'build.json');
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
    edit(manifest);
    fs.writeFileSync(file, JSON.stringify(manifest));
    return dir;
  };

  const makeBuild = async () => {
    const { stdout } = await run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), '--outdir', build]);
    assert.match(stdout, /^built the verdict command in .*: \d+ files in/);
  };
  before(makeBuild);
  // Made again when a source was edited meanwhile (work going on in the tree), which would make
  // the command run the sources.
  beforeEach(async () => {
    if (!checkBuild(build, REPO_ROOT).fresh) await makeBuild();
  });
  after(() => {
    for (const dir of [build, ...copies]) fs.rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => (box = new CliSandbox()));
  afterEach(() => box.remove());

  it('leaves only imports that resolve from the build folder (a package npm kept in a workspace is bundled)', async () => {
    // altcha-lib sits in server/node_modules and packages/shared/node_modules, not the root's:
    // left as an import by name, every command touching the captcha failed with
    // "Cannot find package 'altcha-lib'" (CI, 2026-11-29).
    const unresolved: string[] = [];
    for (const file of fs.readdirSync(build).filter((f) => f.endsWith('.js'))) {
      const text = fs.readFileSync(path.join(build, file), 'utf8');
      for (const [, specifier] of text.matchAll(/\b(?:from|import)\s*\(?\s*["']((?:@[\w.-]+\/)?[a-z0-9][\w.-]*)(?:\/[^"']*)?["']/gi)) {
        if (specifier.startsWith('node:') || isBuiltin(specifier)) continue;
        // The build's folder is under the clone: a name resolves only from the root's node_modules.
        if (!fs.existsSync(path.join(REPO_ROOT, 'node_modules', specifier))) unresolved.push(`${file}: ${specifier}`);
      }
    }
    assert.deepEqual([...new Set(unresolved)], []);
  });

  it('runs --help from the build, the help of the sources', async () => {
    const built = await verdict(build, ['--debug', '--help']);
    assert.equal(built.code, 0, built.stderr);
    assert.doesNotMatch(built.stderr, SOURCES_NOTE, 'the build was used');
    const sources = await verdict(path.join(build, 'missing'), ['--debug', '--help']);
    assert.match(sources.stderr, SOURCES_NOTE);
    assert.equal(built.stdout, sources.stdout);
    assert.match(built.stdout, /^Usage: verdict \[options\] \[command\]/);
  });

  it('judges a sample problem in the sandbox and with unsafe-local (plugins, helpers, languages found)', async () => {
    const accepted = await verdict(build, ['--debug', 'judge', PROBLEM, path.join(PROBLEM, 'submissions/accepted/sum.cpp'), '--json']);
    assert.equal(accepted.code, 0, accepted.stderr);
    assert.doesNotMatch(accepted.stderr, SOURCES_NOTE);
    const result = JSON.parse(accepted.stdout) as { verdict: string; tests: unknown[] };
    assert.equal(result.verdict, 'AC');
    assert.ok(result.tests.length > 1);

    const wrong = await verdict(build, ['judge', PROBLEM, path.join(PROBLEM, 'submissions/wrong_answer/difference.py'), '--backend', 'unsafe-local', '--json']);
    assert.equal(wrong.code, 1, wrong.stderr);
    assert.equal((JSON.parse(wrong.stdout) as { verdict: string }).verdict, 'WA');
    assert.match(wrong.stderr, /judge backend "unsafe-local"/);
  });

  it('packs a package and judges the zip, printing the results table (the bundled dependencies)', async () => {
    fs.cpSync(PROBLEM, box.path('aplusb'), { recursive: true });
    const packed = await verdict(build, ['problem', 'pack', 'aplusb', '--no-validate']);
    assert.equal(packed.code, 0, packed.stderr);
    const judged = await verdict(build, ['judge', 'aplusb.zip', box.path('aplusb/submissions/accepted/sum.py')]);
    assert.equal(judged.code, 0, judged.stderr);
    assert.match(judged.stdout, /│ secret\/1 +│ AC +│/);
    assert.match(judged.stdout, /: AC {2}\(time \d+ ms/);
  });

  it('is used only while every file it was built from is unchanged', async () => {
    const fresh = editedCopy(() => {});
    assert.equal((await verdict(fresh, ['--help'])).stdout, 'ran the build\n');

    // Only the time changed (a checkout, a touch): the content decides, and it is the same.
    const touched = editedCopy((m) => (m.inputs['cli/src/main.ts'].mtimeMs -= 1000));
    assert.equal((await verdict(touched, ['--help'])).stdout, 'ran the build\n');

    const cases: [string, (m: Manifest) => void, RegExp][] = [
      ['edited', (m) => Object.assign(m.inputs['cli/src/main.ts'], { mtimeMs: 1, sha256: '0'.repeat(64) }), /cli\/src\/main\.ts changed since the build/],
      ['resized', (m) => (m.inputs['packages/judge/src/index.ts'].size += 1), /packages\/judge\/src\/index\.ts changed since the build/],
      ['removed', (m) => (m.inputs['cli/src/commands/gone.ts'] = { size: 1, mtimeMs: 1, sha256: '0'.repeat(64) }), /cli\/src\/commands\/gone\.ts is gone since the build/],
      ['unreadable', (m) => Object.assign(m, { format: 0 }), /is not a manifest this command reads/],
    ];
    for (const [what, edit, reason] of cases) {
      const stale = await verdict(editedCopy(edit), ['--debug', '--help']);
      assert.equal(stale.code, 0, `${what}: ${stale.stderr}`);
      assert.match(stale.stdout, /^Usage: verdict/, `${what}: the sources ran`);
      assert.match(stale.stderr, reason, what);
    }
    const noManifest = editedCopy(() => {});
    fs.rmSync(path.join(noManifest, 'build.json'));
    assert.match((await verdict(noManifest, ['--debug', '--help'])).stderr, /no build in /);
  });

  it('refuses to build outside the repository, whose node_modules it imports from', async () => {
    await assert.rejects(run(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), '--outdir', path.join(box.root, 'out')]), (err: { stderr: string }) => {
      assert.match(err.stderr, /build failed: the build must be inside the repository/);
      return true;
    });
    assert.equal(fs.existsSync(path.join(box.root, 'out')), false);
  });

  it('serves from the build: sample problems and templates found, the built judge process forked @slow', async () => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'cli', 'bin', 'verdict.js'), 'serve', '--port', '0'], {
      cwd: box.work,
      env: { PATH: process.env.PATH, HOME: box.home, DATA_DIR: box.dataDir, VERDICT_BUILD_DIR: build, LOAD_SAMPLES: 'on', NODE_ENV: 'test', LOG_LEVEL: 'info', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        const look = (chunk: Buffer) => {
          output += chunk.toString();
          const m = /"pid":(\d+),"workers":\d+,"msg":"judge process started"/.exec(output);
          if (m && /"msg":"judge ready"/.test(output)) resolve(Number(m[1]));
        };
        child.stdout.on('data', look);
        child.stderr.on('data', look);
        void exited.then(() => reject(new Error(`verdict serve exited\n${output}`)));
      });
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      assert.equal(cmdline[1], path.join(build, 'judge-process.js'), output);
      // problems/ and languages/, found from the bundled server's modules.
      assert.match(output, /"msg":"loaded [4-9] sample problems"/);
      assert.match(output, /"msg":"loaded \d+ default templates"/);
    } finally {
      child.kill('SIGTERM');
      await exited;
    }
  });
});
