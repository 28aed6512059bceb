// The compile cache's folder is pruned at most every ten minutes across processes, not at the
// first program each process keeps: a `verdict judge` of a new source, a process of its own,
// waited ~50 ms for the walk over 600 entries before its tests ran.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CompileCache } from '../../packages/judge/src/compile-cache.ts';

describe('compile cache: pruning', () => {
  let dir: string;
  let work: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-cache-prune-'));
    work = path.join(dir, 'work');
    fs.mkdirSync(work);
    fs.writeFileSync(path.join(work, 'main'), 'program');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A leftover staged copy of a killed judge, two hours old: any prune removes it. */
  const leftover = () => {
    const staged = path.join(dir, 'cache/compiled/abc.123.456');
    fs.mkdirSync(staged, { recursive: true });
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(staged, old, old);
    return staged;
  };
  const keep = (cache: CompileCache, key: string) => cache.keep(key, work, ['main.cpp'], '');

  it('prunes at the first keep when no process pruned for ten minutes, then not in a new process', async () => {
    const staged = leftover();
    await keep(new CompileCache(path.join(dir, 'cache')), 'a'.repeat(64));
    assert.equal(fs.existsSync(staged), false, 'pruned: no stamp yet');
    const stamp = path.join(dir, 'cache/compiled/last-prune');
    assert.ok(fs.existsSync(stamp));

    const again = leftover();
    await keep(new CompileCache(path.join(dir, 'cache')), 'b'.repeat(64));
    assert.equal(fs.existsSync(again), true, 'a new process (a new cache object) does not prune within ten minutes');
    assert.deepEqual(fs.readdirSync(path.join(dir, 'cache/compiled/', 'b'.repeat(64))).sort(), ['.compile-message', 'main']);

    const old = new Date(Date.now() - 11 * 60_000);
    fs.utimesSync(stamp, old, old);
    await keep(new CompileCache(path.join(dir, 'cache')), 'c'.repeat(64));
    assert.equal(fs.existsSync(again), false, 'pruned again after ten minutes');
    assert.ok(fs.existsSync(path.join(dir, 'cache/compiled', 'a'.repeat(64))), 'the stamp is not taken for an entry');
  });
});
