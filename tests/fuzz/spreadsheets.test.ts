// Property tests of the two spreadsheet readers (spec §5): the CLI's readSpreadsheetRows (a
// file) and the web's usernamesFromWorkbook (bytes). Random bytes, mutated real workbooks and
// spreadsheet bombs give rows or one of the spec's messages; crafted files never pollute
// Object.prototype (SheetJS advisory GHSA-4r6h-8v6p-xvw6); bombs are refused before SheetJS
// inflates them.
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import XLSX from 'xlsx';
import { readSpreadsheetRows, SpreadsheetError, SpreadsheetMessages } from '../../cli/src/spreadsheet.ts';
import { USER_LIST_MESSAGES, UserListError, usernamesFromWorkbook } from '../../web/src/pages/admin/logic/userList.ts';
import { buildZip } from '../judge/zip-builder.ts';
import { assertNoPollution, byteDamage, RUNS } from './arbitraries.ts';

const SPEC_MESSAGES = Object.values(SpreadsheetMessages);

/** The parts of a workbook SheetJS writes, by path, to edit and zip again. */
function workbookParts(rows: unknown[][], withComment = false): Record<string, string> {
  const book = XLSX.utils.book_new();
  const sheet = XLSX.utils.aoa_to_sheet(rows);
  if (withComment) sheet.A2.c = [{ a: 'x', t: 'note' }];
  XLSX.utils.book_append_sheet(book, sheet, 'Users');
  const cfb = XLSX.CFB.read(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }), { type: 'buffer' });
  const parts: Record<string, string> = {};
  cfb.FullPaths.forEach((full: string, i: number) => {
    const content = cfb.FileIndex[i].content;
    if (full.endsWith('/') || !content || full.includes('Sh33tJ5')) return;
    parts[full.replace(/^Root Entry\//, '')] = Buffer.from(content as Uint8Array).toString('utf8');
  });
  return parts;
}

function zipParts(parts: Record<string, string | Buffer>, declared: Record<string, number> = {}): Buffer {
  return buildZip(Object.entries(parts).map(([name, data]) => ({ name, data, deflate: true, declaredSize: declared[name] })));
}

const USERS = [['username'], ['alice'], ['bob']];

describe('fuzz: spreadsheet readers', function () {
  this.timeout(120_000);
  let dir: string;
  let caseNo = 0;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'verdict-fuzz-sheets-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  afterEach(assertNoPollution);

  /** The CLI reader on `bytes` saved as `.ext`: rows, or a SpreadsheetError starting with a spec message. */
  async function cli(bytes: Buffer, ext: string): Promise<string[][] | string> {
    const file = path.join(dir, `${++caseNo}${ext}`);
    await writeFile(file, bytes);
    try {
      const rows = readSpreadsheetRows(file);
      for (const row of rows) for (const cell of row) assert.ok(typeof cell === 'string' && cell.length <= 1000);
      return rows;
    } catch (err) {
      assert.ok(err instanceof SpreadsheetError, `not a SpreadsheetError: ${(err as Error)?.stack ?? String(err)}`);
      assert.ok(SPEC_MESSAGES.some((m) => err.message.startsWith(m)), `not a spec message: ${err.message}`);
      return err.message;
    } finally {
      assertNoPollution();
      await rm(file, { force: true });
    }
  }

  /** The web reader on `bytes`: usernames, or exactly one of the spec messages. */
  function web(bytes: Uint8Array): string[] | string {
    try {
      const names = usernamesFromWorkbook(bytes);
      assert.ok(names.length > 0 && names.every((n) => typeof n === 'string' && n.length > 0 && n.length <= 100));
      return names;
    } catch (err) {
      assert.ok(err instanceof UserListError, `not a UserListError: ${(err as Error)?.stack ?? String(err)}`);
      assert.ok((Object.values(USER_LIST_MESSAGES) as string[]).includes(err.message), err.message);
      return err.message;
    } finally {
      assertNoPollution();
    }
  }

  it('random bytes named .xlsx, .xls or .csv: rows or a spec message', async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 400 }),
      fc.uint8Array({ maxLength: 400 }).map((b) => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...b])),
      fc.uint8Array({ maxLength: 400 }).map((b) => Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...b])),
      fc.string({ maxLength: 200 }).map((s) => new TextEncoder().encode(`username\n${s}`)),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.constantFrom('.xlsx', '.xls', '.csv'), async (b, ext) => {
        await cli(Buffer.from(b), ext);
        web(b);
      }),
      { numRuns: RUNS.spreadsheets },
    );
  });

  it('mutated real workbooks (.xlsx and .xls): rows or a spec message', async () => {
    const books = (['xlsx', 'xls'] as const).map((bookType) => {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['username', 'email'], ['alice', 'a@b.c'], ['bob', 'b@c.d'], ['__proto__', 'constructor']]), 'Users');
      return { ext: `.${bookType}`, bytes: XLSX.write(book, { type: 'buffer', bookType }) as Buffer };
    });
    for (const { ext, bytes } of books) {
      assert.deepEqual(await cli(bytes, ext), [['alice', 'a@b.c'], ['bob', 'b@c.d'], ['__proto__', 'constructor']]);
      assert.deepEqual(web(bytes), ['alice', 'bob', '__proto__']);
    }
    const mutation = fc.oneof(...byteDamage(6, 32));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...books), mutation, async ({ ext, bytes }, mutate) => {
        const mutated = mutate(bytes);
        await cli(mutated, ext);
        web(mutated);
      }),
      { numRuns: RUNS.spreadsheets },
    );
  });

  it('crafted parts (comment refs, sheet names, cell refs of prototype keys) never pollute Object.prototype', async () => {
    const base = workbookParts(USERS, true);
    const key = fc.constantFrom('__proto__', 'constructor', 'prototype', '__proto__.polluted', 'constructor.prototype', 'hasOwnProperty', 'toString');
    const edit = fc.oneof(
      key.map((k) => (p: Record<string, string>) => ({ ...p, 'xl/comments1.xml': p['xl/comments1.xml'].replace('ref="A2"', `ref="${k}"`) })),
      key.map((k) => (p: Record<string, string>) => ({ ...p, 'xl/workbook.xml': p['xl/workbook.xml'].replace('name="Users"', `name="${k}"`) })),
      key.map((k) => (p: Record<string, string>) => ({ ...p, 'xl/worksheets/sheet1.xml': p['xl/worksheets/sheet1.xml'].replace('r="A2"', `r="${k}"`) })),
      key.map((k) => (p: Record<string, string>) => ({ ...p, 'docProps/core.xml': p['docProps/core.xml'].replace('<dc:creator', `<${k}>x</${k}><dc:creator`) })),
    );
    const vector = zipParts({ ...base, 'xl/comments1.xml': base['xl/comments1.xml'].replace('ref="A2"', 'ref="__proto__"') });
    await cli(vector, '.xlsx');
    web(vector);
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 3 }), async (edits) => {
        const bytes = zipParts(edits.reduce((p, e) => e(p), base));
        await cli(bytes, '.xlsx');
        web(bytes);
      }),
      { numRuns: RUNS.spreadsheets },
    );
  });

  describe('spreadsheet bombs', function () {
    const parts = workbookParts(USERS);
    const sheet = parts['xl/worksheets/sheet1.xml'];
    const withSheet = (xml: string) => ({ ...parts, 'xl/worksheets/sheet1.xml': xml });
    // 60 MB of rows that deflate to ~150 KB.
    const hugeSheet = sheet.replace('<sheetData>', `<sheetData>${'<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(1_200_000)}`);

    it('a zip bomb (huge sheet XML), also with sizes the headers lie about, is refused before parsing', async () => {
      const honest = zipParts(withSheet(hugeSheet));
      assert.ok(honest.length < 1 << 20);
      const lyingSmall = zipParts(withSheet(hugeSheet), { 'xl/worksheets/sheet1.xml': 1000 });
      // Declares a size above its compressed size, so only inflating it shows the lie.
      const lyingPlausible = zipParts(withSheet(hugeSheet), { 'xl/worksheets/sheet1.xml': 2 * honest.length });
      assert.match(String(await cli(honest, '.xlsx')), /^Failed to parse the file: it unpacks to \d+ MB, more than 50 MB/);
      assert.match(String(await cli(lyingSmall, '.xlsx')), /^Failed to parse the file: the part xl\/worksheets\/sheet1\.xml claims a size/);
      assert.match(String(await cli(lyingPlausible, '.xlsx')), /^Failed to parse the file: the part xl\/worksheets\/sheet1\.xml unpacks to more than its header says/);
      assert.equal(web(honest), USER_LIST_MESSAGES.parseFailed);
      assert.equal(web(lyingSmall), USER_LIST_MESSAGES.parseFailed);
    });

    it('too many parts or sheets are refused; a hundred sheets are read', async () => {
      const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`xl/extra/${i}.xml`, '<x/>']));
      const tooMany = zipParts({ ...parts, ...many });
      assert.match(String(await cli(tooMany, '.xlsx')), /^Failed to parse the file: 10\d\d parts, more than 1000/);
      assert.equal(web(tooMany), USER_LIST_MESSAGES.parseFailed);
      const book = XLSX.utils.book_new();
      for (let i = 0; i < 100; i++) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(i === 0 ? USERS : [['x'], ['y']]), `S${i}`);
      const hundred = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
      assert.deepEqual(await cli(hundred, '.xlsx'), [['alice'], ['bob']]);
      assert.deepEqual(web(hundred), ['alice', 'bob']);
    });

    it('a dimension of A1:XFD1048576, a huge shared-strings table, deep nesting and long cells stay bounded', async () => {
      const dimension = zipParts(withSheet(sheet.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>')));
      assert.deepEqual(await cli(dimension, '.xlsx'), [['alice'], ['bob']]);
      assert.deepEqual(web(dimension), ['alice', 'bob']);

      const strings = 300_000;
      const sst = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings}" uniqueCount="${strings}">${'<si><t>x</t></si>'.repeat(strings)}</sst>`;
      const sharedStrings = zipParts({ ...parts, 'xl/sharedStrings.xml': sst });
      assert.deepEqual(await cli(sharedStrings, '.xlsx'), [['alice'], ['bob']]);

      const nested = zipParts(withSheet(sheet.replace('<sheetData>', `<sheetData>${'<a>'.repeat(200_000)}${'</a>'.repeat(200_000)}`)));
      await cli(nested, '.xlsx');
      web(nested);

      const long = zipParts(withSheet(sheet.replace('alice', 'a'.repeat(5_000_000))));
      const rows = await cli(long, '.xlsx');
      assert.ok(Array.isArray(rows) && rows[0][0] === 'a'.repeat(1000), 'a long cell is cut to 1000 characters');
      const names = web(long);
      assert.ok(Array.isArray(names) && names[0] === 'a'.repeat(100));
    });

    it('files over 10 MB are refused unread', async () => {
      const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x41);
      assert.match(String(await cli(big, '.csv')), /^Failed to read the file: larger than 10 MB/);
      assert.equal(web(big), USER_LIST_MESSAGES.readFailed);
    });
  });
});
