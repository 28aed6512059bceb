// Shadow mode (issue 28, item 6): a Verdict (B) set up from another Verdict's (A) contest
// package (verdict contest import) shadows A: it reads A's event feed through HTTP with an API
// token, fetches each submission's files, judges them itself, and its matrix (A's judgement type
// × B's) is all-diagonal on AC, WA, TLE, RTE and CE. The same from the package's
// event-feed.ndjson (a replay); a feed it cannot read is refused by name.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { issueApiToken } from '@verdict/server/internal/modules/accounts/api-tokens';
import { assertDiagonal, shadowPair, type ShadowPair, type ShadowReport as Report } from '../helpers/shadow.ts';

const VERDICTS = ['AC', 'WA', 'TLE', 'RE', 'CE'];

describe('shadow mode: another CCS judged again, verdicts compared', function () {
  this.timeout(300_000);
  let pair: ShadowPair;

  before(async () => {
    pair = await shadowPair(VERDICTS);
  });
  after(async () => {
    await pair?.destroy();
  });

  it("shadows another Verdict's event feed over HTTP with an API token: an all-diagonal matrix on AC, WA, TLE, RTE and CE", async () => {
    const { a, aContest, bAdmin, contestId } = pair;
    const { token } = await issueApiToken(a.services.db, null, 'admin', 'shadow');
    const started = await bAdmin.api.json('/api/shadow/start', { contestId, source: `${a.url}/api/ccs/contests/${aContest}/event-feed`, token });
    assert.equal(started.code, 0, started.message);
    const report = await pair.settled(5);
    assertDiagonal(report, VERDICTS);
    assert.equal(report.running, true, 'a URL feed is read on until stopped');
    const stopped = await bAdmin.api.json('/api/shadow/stop', { contestId });
    assert.equal((stopped.data as Report).running, false);
  });

  it("verdict shadow start replays a contest package's event-feed.ndjson: the same all-diagonal matrix, shown by verdict shadow status (started again, the matrix starts anew)", async () => {
    const { b, box, contestId, packageDir } = pair;
    const started = await box.run(['shadow', 'start', String(contestId), path.join(packageDir, 'event-feed.ndjson'), '--server', b.url]);
    assert.equal(started.code, 0, started.stderr);
    assertDiagonal(await pair.settled(5), VERDICTS);
    const status = await box.run(['shadow', 'status', String(contestId), '--server', b.url]);
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /5 submissions, 0 differences/);
    assert.match(status.stdout, /theirs TLE +ours TLE /);
  });

  it('refuses by name what it cannot read', async () => {
    const { box, bAdmin, contestId } = pair;
    const relative = await bAdmin.api.json('/api/shadow/start', { contestId, source: 'event-feed.ndjson' });
    assert.notEqual(relative.code, 0);
    assert.match(relative.message, /absolute path/);
    const old = path.join(box.work, 'old-feed.ndjson');
    fs.writeFileSync(old, `${JSON.stringify({ type: 'teams', op: 'create', data: { id: '1' } })}\n`);
    assert.equal((await bAdmin.api.json('/api/shadow/start', { contestId, source: old })).code, 0);
    const deadline = Date.now() + 30_000;
    let report: Report;
    do {
      report = (await bAdmin.api.get('/api/shadow', { contestId })).data as Report;
    } while (report.error === null && Date.now() < deadline && (await new Promise((resolve) => setTimeout(resolve, 200))) === undefined);
    assert.match(report.error ?? '', /2020-03 feed form .* is not supported/);
    assert.equal(report.running, false);
  });
});
