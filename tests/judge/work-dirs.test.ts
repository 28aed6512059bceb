// Work folders hold users' sources: a judge killed with SIGKILL mid-judging leaves its own
// behind, and the next judge made on that work root removes them, never a live process's.
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { createJudge } from '@verdict/judge';
import { removeDir } from '@verdict/judge';
import { commandOf, descendantsOf, waitFor } from '../helpers/processes.ts';
import { REPO_ROOT, removeTempDirs, tempDir, TEST_BACKEND, writeTree } from './helpers.ts';

describe(`judge work folders (${TEST_BACKEND} backend) @slow`, function () {
  this.timeout(120_000);
  after(removeTempDirs);

  it('removes the work folders of a judge killed mid-judging, and not those of a live process', async function () {
    const problem = writeTree({
      'problem.yaml': 'name: Sleepy\nlimits:\n  time_limit: 10\n  memory: 64\n',
      'data/secret/1.in': '1\n',
      'data/secret/1.ans': '1\n',
    });
    const source = path.join(writeTree({ 'sleepy.py': 'import time\ntime.sleep(600)\n' }), 'sleepy.py');
    // `verdict judge` puts its work folders under $TMPDIR/verdict-judge.
    const tmp = tempDir();
    const workRoot = path.join(tmp, 'verdict-judge');
    const cli = spawn(process.execPath, [path.join(REPO_ROOT, 'cli/bin/verdict.js'), 'judge', problem, source, '--backend', TEST_BACKEND], {
      cwd: REPO_ROOT,
      env: { ...process.env, TMPDIR: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    cli.stdout.on('data', (d) => (output += d));
    cli.stderr.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => cli.once('exit', resolve));
    await waitFor(
      'the submission to run',
      async () => {
        if (cli.exitCode !== null) throw new Error(`verdict judge ended (${cli.exitCode}) before running the submission:\n${output}`);
        // The submission's run, not the start-up probe of python3: its folders are made first.
        const folders = existsSync(workRoot) ? readdirSync(workRoot).filter((name) => name.startsWith('submission-')) : [];
        return (folders.length >= 2 && descendantsOf(cli.pid!).some((pid) => commandOf(pid).startsWith('python'))) || undefined;
      },
      60_000,
    );
    cli.kill('SIGKILL');
    await exited;
    const left = readdirSync(workRoot).filter((name) => name.includes(`-${cli.pid}-`));
    // 'submission' twice: the compiled program's folder and the copy the test runs in.
    assert.deepEqual([...new Set(left.map((name) => name.split('-')[0]))].sort(), ['output', 'submission'], 'what the killed judge left');

    const live = spawn('sleep', ['600'], { stdio: 'ignore' });
    try {
      const ofLive = `submission-${live.pid}-Ab12Cd`;
      // Named before folders carried their owner: removed only when older than a day.
      const ownerlessOld = 'check-Old123';
      const ownerlessNew = 'output-New123';
      for (const name of [ofLive, ownerlessOld, ownerlessNew, 'notes']) mkdirSync(path.join(workRoot, name));
      const twoDaysAgo = (Date.now() - 48 * 3600_000) / 1000;
      utimesSync(path.join(workRoot, ownerlessOld), twoDaysAgo, twoDaysAgo);

      const judge = await createJudge({ backend: TEST_BACKEND, workRoot });
      await judge.close();
      assert.deepEqual(readdirSync(workRoot).sort(), [ofLive, ownerlessNew, 'notes'].sort());
    } finally {
      live.kill('SIGKILL');
    }
  });

  it('removes a work folder holding a directory chain deeper than PATH_MAX (a bound work dir a program filled)', async function () {
    const dir = path.join(tempDir(), 'deep');
    mkdirSync(dir);
    // 40 levels of 200-character names: about 8 KB of path, twice PATH_MAX.
    const chain = "import os\nfor i in range(40):\n    os.mkdir('d' * 200)\n    os.chdir('d' * 200)\nopen('x', 'w').write('x')\n";
    execFileSync('python3', ['-c', chain], { cwd: dir });
    await removeDir(dir);
    assert.equal(existsSync(dir), false);
  });
});
