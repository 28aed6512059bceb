// The script budget of the first screens (issue 17, fast pages): a first load of the home page and
// of the login page pulls in the entry script index.html names, the page's own chunk (loaded by the
// route table) and every chunk those import statically; as the server sends them to a browser
// that accepts brotli (the bodies: HTTP/1.1 headers add about 0.9 KB a file, not counted), that
// is under 250 KB, and none of it is the spreadsheet reader, the code editor or KaTeX. Needs
// `npm run build:web`; the figures are in docs/benchmarks.md, "Web app first loads".
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { DEFAULT_WEB_DIR } from '@verdict/server/internal/server';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const BUDGET_BYTES = 250 * 1024;

/** Each page and the module its route loads (web/src/routes.tsx); the chunk is named after it. */
const PAGES = [
  { path: '/', module: 'HomePage' },
  { path: '/login', module: 'LoginPage' },
];

/** Text only the heavy libraries hold, so that finding them does not depend on chunk names. */
const HEAVY = [
  { name: 'the spreadsheet library (SheetJS)', marker: 'SheetJS' },
  { name: 'the code editor (CodeMirror)', marker: 'cm-editor' },
  { name: 'KaTeX', marker: 'KaTeX parse error' },
];

const ASSETS = path.join(DEFAULT_WEB_DIR, 'assets');

/** `import … from "./x.js"`, `import "./x.js"` and `export … from "./x.js"` of a built chunk. */
const STATIC_IMPORT = /(?:^|[;\s})])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']\.\/([\w.-]+\.js)["']/g;

function read(name: string): string {
  return fs.readFileSync(path.join(ASSETS, name), 'utf8');
}

/** The chunks and every chunk they import statically, transitively. */
function withStaticImports(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const match of read(name).matchAll(STATIC_IMPORT)) visit(match[1]);
  };
  roots.forEach(visit);
  return seen;
}

/** The page's chunk, as the first load's route table imports it: `import("./LoginPage-<hash>.js")`. */
function pageChunk(firstLoad: Set<string>, module: string): string {
  const pattern = new RegExp(`import\\(\\s*[\`'"]\\./(${module}-[\\w-]+\\.js)[\`'"]\\s*\\)`, 'g');
  const found = new Set([...firstLoad].flatMap((name) => [...read(name).matchAll(pattern)].map((m) => m[1])));
  assert.equal(found.size, 1, `the route table should import one ${module} chunk, found ${[...found].join(', ') || 'none'}`);
  return [...found][0];
}

/** The body of one GET as sent to a browser (compressed as it accepts). */
function sentBytes(url: string): Promise<{ status: number; bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, encoding: res.headers['content-encoding'] }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

describe('web app: the script of the first screens', function () {
  this.timeout(180_000); // starting the server (its database) is slow on a busy machine
  let server: TestServer;
  /** What index.html loads for every page: the entry and its static imports. */
  let entryLoad: Set<string>;

  before(async () => {
    const index = path.join(DEFAULT_WEB_DIR, 'index.html');
    assert.ok(fs.existsSync(index), `no web build in ${DEFAULT_WEB_DIR}: run npm run build:web`);
    const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(fs.readFileSync(index, 'utf8'));
    assert.ok(entry, 'index.html names no entry script');
    entryLoad = withStaticImports([entry[1]]);
    server = await startTestServer();
  });
  after(() => server?.destroy());

  for (const { path: page, module } of PAGES) {
    it(`loads under 250 KB of script for ${page}, compressed, with no spreadsheet, editor or KaTeX`, async () => {
      const chunks = withStaticImports([...entryLoad, pageChunk(entryLoad, module)]);
      let total = 0;
      const sizes: string[] = [];
      for (const name of chunks) {
        const reply = await sentBytes(`${server.url}/assets/${name}`);
        assert.equal(reply.status, 200, name);
        if (fs.statSync(path.join(ASSETS, name)).size >= 1024) assert.equal(reply.encoding, 'br', name);
        total += reply.bytes;
        sizes.push(`${name} ${kb(reply.bytes)}`);
      }
      assert.ok(total < BUDGET_BYTES, `${page}: ${kb(total)} of script in ${chunks.size} files:\n${sizes.join('\n')}`);
      for (const { name, marker } of HEAVY) {
        const holders = [...chunks].filter((chunk) => read(chunk).includes(marker));
        assert.deepEqual(holders, [], `${page} loads ${name}`);
      }
    });
  }

  it('finds each heavy library somewhere in the build (so the check above can see it)', () => {
    const all = fs.readdirSync(ASSETS).filter((f) => f.endsWith('.js'));
    for (const { name, marker } of HEAVY) assert.ok(all.some((chunk) => read(chunk).includes(marker)), `no chunk holds ${name}`);
  });
});
