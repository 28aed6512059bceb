// First loads of the web app in Debian's Chromium, cold cache, on a throttled link (10 Mbit/s
// both ways, 40 ms added to every request, Chromium's network emulation): per page, the bytes
// transferred (HTTP headers included), the requests, the script (sent with its headers, its
// bodies alone, and decoded), the first contentful paint and the time until the page's content is
// on screen ("content ready": a selector of the page's own content, e.g. the problem's statement
// with its maths and the code editor). A real server on a fresh embedded database serves web/dist as built
// (`npm run build:web` first) with one contest, one problem, a contestant and the administrator.
// Each page is loaded N times in a new browser context (empty cache); medians are printed.
// Usage: npm run bench -- pages [N=5] [--json]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession } from 'puppeteer-core';
import { loadConfig } from '@verdict/server/internal/config';
import { DEFAULT_WEB_DIR, startServer } from '@verdict/server/internal/server';
import { accountWithToken, adminAccount } from '../tests/helpers/tokens.ts';
import { dataOf } from '../tests/helpers/api.ts';
import { formatServerTime } from '../web/src/lib/time.ts';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const asJson = args.includes('--json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LINK = { latencyMs: 40, bitsPerSecond: 10_000_000 };

const STATEMENT =
  '# A plus B\n\nGiven two integers $a$ and $b$ ($|a|, |b| \\le 10^9$), print $a + b$.\n\n' +
  '$$\\sum_{i=1}^{2} x_i = a + b$$\n\n## Input\n\nOne line with $a$ and $b$.\n\n## Output\n\nOne line: $a+b$.\n';

interface PageSpec {
  name: string;
  path: string;
  who: 'nobody' | 'contestant' | 'admin';
  /** Content on screen: every selector matches a laid-out element. */
  ready: string[];
}

interface Sample {
  bytes: number;
  requests: number;
  scriptBytes: number;
  /** Script bytes without the HTTP response headers (about 0.9 KB a response here: HTTP/1.1, security headers). */
  scriptBody: number;
  scriptDecoded: number;
  scriptFiles: number;
  fcpMs: number;
  readyMs: number;
}

if (!fs.existsSync(path.join(DEFAULT_WEB_DIR, 'index.html'))) {
  console.error(`no web build in ${DEFAULT_WEB_DIR}: run npm run build:web first`);
  process.exit(2);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-bench-pages-'));
const server = await startServer(
  loadConfig({
    NODE_ENV: 'development',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JUDGE_WORKERS: '0',
    LOAD_SAMPLES: 'off',
    LOG_LEVEL: 'silent',
    ADMIN_PASSWORD: 'bench-admin-pass',
  }),
);
let browser: Browser | undefined;

try {
  const admin = await adminAccount(server);
  const contestant = await accountWithToken(server, { username: 'bench_alice' });
  const problem = dataOf(await admin.api.json('/api/admin/problem/add', { title: 'A plus B', memoryLimit: 256, timeLimit: 1000, statement: STATEMENT }), 'add problem') as { id: number };
  const now = Date.now();
  const contest = dataOf(
    await admin.api.json('/api/contest/add', { title: 'Bench Cup', startTimeStr: formatServerTime(now - 600_000), endTimeStr: formatServerTime(now + 7200_000) }),
    'add contest',
  ) as { id: number };
  dataOf(await admin.api.form('/api/contestProblem/addByProblemId', { problemId: problem.id, contestId: contest.id }), 'add problem to contest');
  dataOf(await admin.api.json('/api/contestRecord/add', { contestId: contest.id, userId: contestant.id }), 'add contestant');

  const pages: PageSpec[] = [
    { name: 'home', path: '/', who: 'nobody', ready: ['[data-testid="home-user-login"]'] },
    { name: 'login', path: '/login', who: 'nobody', ready: ['#password-login_username'] },
    { name: 'contest list', path: '/contest_list', who: 'contestant', ready: ['[data-testid="contest-table"] tr.ant-table-row'] },
    {
      name: 'problem page',
      path: `/problem_page?contestId=${contest.id}&problemId=${problem.id}`,
      who: 'contestant',
      ready: ['[data-testid="statement"] .katex', '.cm-content'],
    },
    { name: 'admin: home', path: '/admin_nav', who: 'admin', ready: ['[data-testid="admin-welcome"]'] },
    { name: 'admin: users', path: '/userManagement', who: 'admin', ready: ['[data-testid="user-table"] tr.ant-table-row'] },
    { name: 'admin: problems', path: '/problemManagement', who: 'admin', ready: ['[data-testid="problem-table"] tr.ant-table-row'] },
    { name: 'admin: contests', path: '/contestManagement', who: 'admin', ready: ['[data-testid="contest-table"] tr.ant-table-row'] },
  ];
  const logins = {
    nobody: null,
    contestant: { token: contestant.api.token!, username: contestant.username },
    admin: { token: admin.api.token!, username: admin.username },
  };

  browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
    defaultViewport: { width: 1280, height: 800 },
  });

  const results: { page: PageSpec; samples: Sample[] }[] = pages.map((page) => ({ page, samples: [] }));
  // Interleaved rounds, so a burst of load on the machine does not fall on one page only.
  for (let round = 0; round < N; round++) {
    for (const entry of results) entry.samples.push(await loadOnce(browser, server.url, entry.page, logins[entry.page.who]));
  }

  const rows = results.map(({ page, samples }) => ({
    page: page.name,
    path: page.path.replace(/\?.*$/, ''),
    transferredKB: kb(median(samples.map((s) => s.bytes))),
    requests: median(samples.map((s) => s.requests)),
    scriptKB: kb(median(samples.map((s) => s.scriptBytes))),
    scriptBodyKB: kb(median(samples.map((s) => s.scriptBody))),
    scriptDecodedKB: kb(median(samples.map((s) => s.scriptDecoded))),
    scriptFiles: median(samples.map((s) => s.scriptFiles)),
    fcpMs: Math.round(median(samples.map((s) => s.fcpMs))),
    readyMs: Math.round(median(samples.map((s) => s.readyMs))),
  }));
  if (asJson) {
    console.log(JSON.stringify({ n: N, link: LINK, load: os.loadavg(), rows }, null, 2));
  } else {
    console.log(`${N} cold loads per page, ${LINK.bitsPerSecond / 1e6} Mbit/s + ${LINK.latencyMs} ms; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    console.log('| page | transferred | requests | script: sent / bodies / decoded (files) | first paint | content ready |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.page} (\`${r.path}\`) | ${r.transferredKB} KB | ${r.requests} | ${r.scriptKB} / ${r.scriptBodyKB} / ${r.scriptDecodedKB} KB (${r.scriptFiles}) | ${r.fcpMs} ms | ${r.readyMs} ms |`,
      );
    }
  }
} finally {
  await browser?.close();
  await server.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function loadOnce(browser: Browser, baseUrl: string, spec: PageSpec, login: { token: string; username: string } | null): Promise<Sample> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp: CDPSession = await page.createCDPSession();
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: LINK.latencyMs,
      downloadThroughput: LINK.bitsPerSecond / 8,
      uploadThroughput: LINK.bitsPerSecond / 8,
    });
    const requests = new Map<string, { url: string; type: string; encoded: number; decoded: number; headers: number; done: boolean }>();
    let lastActivity = performance.now();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (e.request.url.startsWith('data:')) return;
      requests.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', encoded: 0, decoded: 0, headers: 0, done: false });
      lastActivity = performance.now();
    });
    cdp.on('Network.responseReceivedExtraInfo', (e) => {
      const r = requests.get(e.requestId);
      if (r && e.headersText) r.headers = Buffer.byteLength(e.headersText);
    });
    cdp.on('Network.dataReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.decoded += e.dataLength;
      lastActivity = performance.now();
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { encoded: e.encodedDataLength, done: true });
      lastActivity = performance.now();
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.done = true;
    });
    // The page's own clock notes when its content first shows; the log-in is in storage before any script runs.
    await page.evaluateOnNewDocument(readyWatcher(spec.ready, login));
    await page.goto(baseUrl + spec.path, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    await page.waitForFunction('window.__readyAt !== undefined', { timeout: 60_000, polling: 50 }).catch(async (err: unknown) => {
      const missing = await page.evaluate(`${JSON.stringify(spec.ready)}.filter((s) => !document.querySelector(s))`).catch(() => '?');
      throw new Error(`${spec.name}: content not ready at ${page.url()}, missing ${JSON.stringify(missing)}: ${String(err)}`);
    });
    // Then until the network is quiet (a live stream that stays open does not count as busy).
    const quietSince = () => performance.now() - lastActivity;
    const deadline = performance.now() + 15_000;
    while (performance.now() < deadline) {
      const busy = [...requests.values()].some((r) => !r.done && r.type !== 'EventSource');
      if (!busy && quietSince() > 700) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const timing = (await page.evaluate(
      `({ ready: window.__readyAt, fcp: (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime || NaN })`,
    )) as { ready: number; fcp: number };
    const all = [...requests.values()];
    const scripts = all.filter((r) => r.type === 'Script');
    return {
      bytes: sum(all.map((r) => r.encoded)),
      requests: all.length,
      scriptBytes: sum(scripts.map((r) => r.encoded)),
      scriptBody: sum(scripts.map((r) => r.encoded - r.headers)),
      scriptDecoded: sum(scripts.map((r) => r.decoded)),
      scriptFiles: scripts.length,
      fcpMs: timing.fcp,
      readyMs: timing.ready,
    };
  } finally {
    await context.close();
  }
}

/**
 * Page code as text (tsx names the functions it compiles through a helper the page does not
 * have): stores the log-in before any script runs and notes on the page's own clock when every
 * selector first matches a laid-out element.
 */
function readyWatcher(selectors: string[], account: { token: string; username: string } | null): string {
  return `(() => {
    const account = ${JSON.stringify(account)};
    if (account) { localStorage.setItem('token', account.token); localStorage.setItem('username', account.username); }
    const selectors = ${JSON.stringify(selectors)};
    const visible = (sel) => { const el = document.querySelector(sel); return !!el && el.getClientRects().length > 0; };
    const check = () => {
      if (window.__readyAt !== undefined) return;
      if (selectors.every(visible)) window.__readyAt = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  })()`;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function kb(bytes: number): number {
  return Math.round(bytes / 1024);
}
