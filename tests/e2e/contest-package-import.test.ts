// Importing a contest package in Chromium (issue 28, contest packages in the admin web UI): on
// Contest Management, Import contest package takes a zip such as DOMjudge writes (contest.yaml,
// problems.yaml with its problem's package, teams, accounts, organizations, groups); the server
// sets the contest up and the page says what it did, the new contest in the list. A package
// Verdict cannot set up is refused by name, creating nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { adminAccount } from '../helpers/tokens.ts';
import { buildZip, zipOf } from '../helpers/package-zip.ts';
import { launchBrowser, storeLogin, type BrowserSession } from './browser.ts';

/** A contest package as DOMjudge exports one, with `contest` as contest.yaml's text. */
async function contestPackage(contest: string): Promise<Buffer> {
  const problem = await zipOf({ 'problem.yaml': 'name: Sum\nlimits:\n  time_limit: 1\n  memory: 128\n', 'data/secret/1.in': '1 2\n', 'data/secret/1.ans': '3\n' });
  const text = (name: string, value: unknown) => [name, JSON.stringify(value)] as const;
  const files: Record<string, string> = Object.fromEntries([
    ['contest.yaml', contest],
    ['problems.yaml', '- id: sum\n  label: A\n  name: Web Sum\n  ordinal: 1\n  time_limit: 1\n  memory_limit: 128\n  output_limit: 8\n'],
    text('organizations.json', [{ id: 'tud', name: 'TU Delft', country: 'NLD' }]),
    text('groups.json', [{ id: 'guests', name: 'Guests', hidden: true }]),
    text('teams.json', [
      { id: '1', label: 'web_team1', name: 'Web Team One', organization_id: 'tud', group_ids: ['participants'] },
      { id: '2', label: 'web_team2', name: 'Web Team Two', group_ids: ['guests'] },
    ]),
    text('accounts.json', [{ id: 'web_team1', username: 'web_team1', password: 'secret-pass-1', type: 'team', team_id: '1' }]),
  ]);
  return buildZip([...Object.entries(files).map(([name, data]) => ({ name, data })), { name: 'problems/sum/sum.zip', data: problem }]);
}

describe('e2e: a contest package imported in the admin web UI @slow', function () {
  this.timeout(120_000);
  let server: TestServer;
  let session: BrowserSession;
  let page: Page;
  let tmp: string;

  before(async () => {
    server = await startTestServer({ CAPTCHA: 'off' });
    const admin = await adminAccount(server);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-e2e-import-'));
    fs.writeFileSync(path.join(tmp, 'web-cup.zip'), await contestPackage('name: Web Cup\nstart_time: 2026-11-28T10:00:00+08\nduration: 5:00:00\nscoreboard_freeze_duration: 1:00:00\n'));
    fs.writeFileSync(path.join(tmp, 'bad.zip'), await contestPackage('name: Bad Cup\nstart_time: 2026-11-28T10:00:00+08\nduration: 5:00:00\npenalty_time: 0:30:00\n'));
    session = await launchBrowser({ screenshotPrefix: 'contest-package-import' });
    page = session.page;
    await storeLogin(page, server.url, { token: admin.api.token!, username: 'admin' });
  });
  after(async () => {
    await session?.close();
    await server?.destroy();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const importZip = async (file: string): Promise<string> => {
    await page.goto(`${server.url}/contestManagement`, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('[data-testid="import-package"]', { visible: true });
    const input = (await page.$('[data-testid="import-package-file"]')) as ElementHandle<HTMLInputElement>;
    await input.uploadFile(path.join(tmp, file));
    await page.waitForSelector('[data-testid="import-package-result"]', { visible: true, timeout: 60_000 });
    return page.$eval('[data-testid="import-package-result"]', (el) => (el as HTMLElement).innerText);
  };

  it('sets the contest up from the zip and says what it did', async () => {
    const result = await importZip('web-cup.zip');
    assert.match(result, /Contest 1 is set up from the package\./);
    assert.match(result, /problem A \(sum\): Web Sum → problem 1 \(its package given output_limit 8\)/);
    assert.match(result, /contest 1: Web Cup, 1 problems, 2 teams, 1 groups, 1 organizations/);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => /Web Cup/.test(document.querySelector('[data-testid="contest-table"]')?.textContent ?? ''), { timeout: 20_000 });

    const contest = await server.services.db.selectFrom('contests').select(['title', 'start_time', 'end_time', 'freeze_time']).where('id', '=', 1).executeTakeFirstOrThrow();
    assert.equal(new Date(contest.start_time).toISOString(), '2026-11-28T02:00:00.000Z');
    assert.equal(new Date(contest.end_time).toISOString(), '2026-11-28T07:00:00.000Z');
    assert.equal(new Date(contest.freeze_time!).toISOString(), '2026-11-28T06:00:00.000Z');
    const teams = await fetch(`${server.url}/api/ccs/contests/1/teams`).then((r) => r.json() as Promise<{ name: string; group_ids: string[] }[]>);
    assert.deepEqual(teams.map((t) => [t.name, t.group_ids]), [['Web Team One', ['participants']]], 'the hidden group hides Web Team Two');
    const problems = await fetch(`${server.url}/api/ccs/contests/1/problems`).then((r) => r.json() as Promise<{ output_limit: number }[]>);
    assert.equal(problems[0].output_limit, 8);
  });

  it('refuses by name a package it cannot set up, creating nothing', async () => {
    const result = await importZip('bad.zip');
    assert.match(result, /not imported: .*penalty_time "0:30:00" is not supported/);
    const contests = await server.services.db.selectFrom('contests').select('id').execute();
    assert.equal(contests.length, 1);
  });
});
