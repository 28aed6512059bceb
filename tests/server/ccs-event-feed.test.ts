// The Contest API's event feed: NDJSON whose every notification ends its line; a resumed feed
// (since_token) brings a client that applied the feed up to the token to the objects' current
// state — as the REST endpoints give it — through new submissions, answers, a thaw and removed
// teams; a live feed sends changes as they happen, deletions included, and a keep-alive newline
// when nothing happens.
import assert from 'node:assert/strict';
import { formatTime } from '@verdict/server/internal/common/wire';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { accountWithToken, adminAccount, type TestAccount } from '../helpers/tokens.ts';
import { stockContest, ccs, feedEvents, feedText, insertJudged, LiveFeed, stateFromFeed, type CcsAuth, type CcsObject, type FeedEvent } from '../helpers/ccs.ts';

const MINUTE = 60_000;
const COLLECTIONS = ['judgement-types', 'languages', 'problems', 'groups', 'organizations', 'teams', 'persons', 'submissions', 'judgements', 'runs', 'clarifications', 'awards'];

describe('Contest API: the event feed', () => {
  let server: TestServer;
  let admin: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let contestId: number;
  let start: number;
  const problems: number[] = [];

  const as = (account: TestAccount | null): CcsAuth => (account ? { token: account.api.token! } : null);
  const submit = (user: TestAccount, problem: number, status: string, minute: number) =>
    insertJudged(server.services.db, { userId: user.id, problemId: problem, contestId, status, at: new Date(start + minute * MINUTE) });

  /** The objects the REST endpoints give the reader now, keyed as the feed keys them. */
  async function restState(auth: CcsAuth): Promise<Map<string, unknown>> {
    const state = new Map<string, unknown>();
    const base = `/contests/${contestId}`;
    state.set(`contest/${contestId}`, (await ccs(server.url, base, auth)).body);
    state.set('state/', (await ccs(server.url, `${base}/state`, auth)).body);
    for (const name of COLLECTIONS) {
      for (const object of (await ccs<CcsObject[]>(server.url, `${base}/${name}`, auth)).body) state.set(`${name}/${object.id}`, object);
    }
    return state;
  }

  async function fullFeed(auth: CcsAuth, sinceToken?: string): Promise<FeedEvent[]> {
    const feed = await feedText(server.url, contestId, auth, sinceToken);
    assert.equal(feed.status, 200, feed.text);
    return feedEvents(feed.text);
  }

  const sorted = (state: Map<string, unknown>) => new Map([...state].sort(([a], [b]) => (a < b ? -1 : 1)));

  before(async () => {
    server = await startTestServer({ CCS_FEED_POLL_MS: '100', CCS_FEED_KEEPALIVE_MS: '400', CCS_ANONYMOUS: 'all' });
    admin = await adminAccount(server);
    alice = await accountWithToken(server, { username: 'feed_alice' });
    bob = await accountWithToken(server, { username: 'feed_bob' });
    carol = await accountWithToken(server, { username: 'feed_carol' });
    await server.services.db.updateTable('users').set({ affiliation: 'Feed University' }).where('id', 'in', [alice.id, bob.id]).execute();
    start = Math.floor(server.clock.now().getTime() / 1000) * 1000 - 60 * MINUTE;
    const added = await admin.api.json('/api/contest/add', {
      title: 'Feed Cup',
      startTimeStr: formatTime(new Date(start)),
      endTimeStr: formatTime(new Date(start + 120 * MINUTE)),
      freezeTimeStr: formatTime(new Date(start + 40 * MINUTE)),
    });
    contestId = added.data.id;
    problems.push(...(await stockContest(admin, contestId, ['Feed A', 'Feed B'], [alice, bob, carol])));
    await submit(alice, problems[0], 'WA', 5);
    await submit(alice, problems[0], 'AC', 9);
    await submit(bob, problems[1], 'AC', 30);
    await submit(bob, problems[0], 'TLE', 50);
  });
  after(() => server?.destroy());

  it('sends NDJSON: one notification per line, each ending in a newline, each with a token', async () => {
    const feed = await feedText(server.url, contestId, as(admin));
    assert.match(feed.contentType ?? '', /^application\/x-ndjson/);
    assert.ok(feed.text.endsWith('\n'));
    const lines = feed.text.split('\n');
    assert.equal(lines.pop(), '', 'nothing after the last newline');
    for (const line of lines) {
      const event = JSON.parse(line);
      assert.deepEqual(Object.keys(event).sort(), ['data', 'id', 'token', 'type']);
      assert.equal(typeof event.token, 'string');
    }
    // What a client builds from the feed is what the REST endpoints give.
    assert.deepEqual(sorted(stateFromFeed(feedEvents(feed.text))), sorted(await restState(as(admin))));
  });

  it('brings a client resuming from any token to the current state, through changes and a thaw', async () => {
    const readers: [string, CcsAuth][] = [
      ['administrator', as(admin)],
      ['team', as(alice)],
      ['public', null],
    ];
    const before = new Map<string, FeedEvent[]>();
    for (const [who, auth] of readers) before.set(who, await fullFeed(auth));

    // A token in the middle of the feed, and the last one: a client has applied the feed up to each.
    const resumeAndCompare = async (stage: string) => {
      for (const [who, auth] of readers) {
        const events = before.get(who)!;
        for (const cut of [Math.floor(events.length / 2), events.length - 1]) {
          const applied = events.slice(0, cut + 1);
          const replay = await fullFeed(auth, applied[applied.length - 1].token);
          assert.deepEqual(
            sorted(stateFromFeed([...applied, ...replay])),
            sorted(await restState(auth)),
            `${who}, ${stage}, resumed after notification ${cut + 1} of ${events.length}`,
          );
        }
      }
    };
    await resumeAndCompare('with no change');
    // Resumed at the end, with nothing new, the feed sends the contest-wide objects again, not the rest.
    const last = before.get('administrator')!.at(-1)!.token;
    const again = new Set((await fullFeed(as(admin), last)).map((e) => e.type));
    for (const type of ['submissions', 'judgements', 'runs', 'clarifications']) assert.ok(!again.has(type), `${type} sent again`);

    // Changes after the tokens: a new judged submission before the thaw, an answered question,
    // an announcement, a renamed team, a team removed with its submissions, and the thaw.
    await submit(carol, problems[1], 'WA', 55);
    await submit(alice, problems[1], 'AC', 56);
    const question = await alice.api.json('/api/clarification/ask', { contestId, text: 'Is the input one line?' });
    assert.equal(question.code, 0, question.message);
    await admin.api.json('/api/clarification/admin/answer', { id: question.data.id, answer: 'Yes.', visibility: 'public' });
    await admin.api.json('/api/clarification/admin/announce', { contestId, text: 'Half time.' });
    await server.services.db.updateTable('users').set({ nickname: 'Alice Renamed', affiliation: 'Other College' }).where('id', '=', alice.id).execute();
    await resumeAndCompare('after new submissions, clarifications and a renamed team');

    await admin.api.json('/api/contest/thaw', { contestId });
    await resumeAndCompare('after the thaw');
    const publicAfter = (await restState(null)).size;
    const publicJudgements = [...(await restState(null)).keys()].filter((k) => k.startsWith('judgements/'));
    assert.equal(publicJudgements.length, 6, 'the thaw shows the public every judgement');
    assert.ok(publicAfter > 0);
  });

  it('sends changes live, deletions too, and a keep-alive newline while nothing happens', async () => {
    const feed = await LiveFeed.open(server.url, contestId, as(admin));
    try {
      assert.equal(feed.status, 200);
      await feed.until((text) => text.includes('"type":"awards"'), 10_000, 'the first snapshot');
      // Nothing happens: a bare newline comes within the keep-alive time (400 ms here).
      const sent = feed.text.length;
      await feed.until((text) => text.length > sent && text.slice(sent).split('\n').some((line, i, all) => line === '' && i < all.length - 1), 3000, 'a keep-alive newline');
      assert.ok(feed.text.endsWith('\n'));

      const id = await submit(bob, problems[1], 'WA', 70);
      await feed.until((text) => text.includes(`"type":"submissions","id":"${id}"`) && text.includes(`"submission_id":"${id}"`), 5000, 'the new submission and its judgement');
      // A team leaves the contest: the team and its submissions are deleted.
      await admin.api.json('/api/contestRecord/deleteByUserId', { contestId, userId: carol.id }, 'DELETE');
      await feed.until((text) => text.includes(`{"type":"teams","id":"${carol.id}","data":null`), 8000, "the removed team's deletion");
      // What the live feed leaves a client with is the current state.
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.deepEqual(sorted(stateFromFeed(feed.events())), sorted(await restState(as(admin))));
    } finally {
      await feed.close();
    }
  });
});

describe('Contest API: the event feed, woken by the change feed', () => {
  let server: TestServer;
  let admin: TestAccount;
  let contestId: number;

  before(async () => {
    // Feeds that would look at their contest only once a minute on their own.
    server = await startTestServer({ CCS_FEED_POLL_MS: '60000' });
    admin = await adminAccount(server);
    const now = server.clock.now().getTime();
    const added = await admin.api.json('/api/contest/add', { title: 'Woken Cup', startTimeStr: formatTime(new Date(now - MINUTE)), endTimeStr: formatTime(new Date(now + 60 * MINUTE)) });
    contestId = added.data.id;
  });
  after(() => server?.destroy());

  it("sends a change as soon as the process hears of it, not at the feed's next look", async () => {
    const feed = await LiveFeed.open(server.url, contestId, { token: admin.api.token! });
    try {
      await feed.until((text) => text.includes('"type":"state"'), 10_000, 'the first snapshot');
      const posted = await admin.api.json('/api/clarification/admin/announce', { contestId, text: 'Wake up.' });
      assert.equal(posted.code, 0, posted.message);
      await feed.until((text) => text.includes('"text":"Wake up."'), 3000, 'the announcement');
    } finally {
      await feed.close();
    }
  });
});
