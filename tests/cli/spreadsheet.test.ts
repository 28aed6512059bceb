import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSpreadsheetRows, SpreadsheetError } from '../../cli/src/spreadsheet.ts';
import { toImportRows } from '../../cli/src/commands/user-import.ts';
import { writeSheetlessXlsx, writeXlsx } from './sheets.ts';

describe('cli: user list spreadsheets', () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verdict-sheet-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const refusal = (file: string) => {
    try {
      readSpreadsheetRows(file);
    } catch (err) {
      assert.ok(err instanceof SpreadsheetError, String(err));
      return err.message;
    }
    assert.fail('the file was accepted');
  };

  it('reads the first sheet of an .xlsx and an .xls, skipping the header, as trimmed text', () => {
    for (const type of ['xlsx', 'xls'] as const) {
      const file = path.join(dir, `users.${type}`);
      writeXlsx(file, [['username', 'email'], [' alice ', 'alice@example.com'], [42, 'n@example.com'], [], ['bob', 'bob@example.com']], type);
      assert.deepEqual(readSpreadsheetRows(file), [
        ['alice', 'alice@example.com'],
        ['42', 'n@example.com'],
        ['bob', 'bob@example.com'],
      ], type);
    }
  });

  it('reads a .csv keeping cells as written (leading zeros, quotes, BOM)', () => {
    const file = path.join(dir, 'users.csv');
    fs.writeFileSync(file, '\uFEFFusername,email,nickname\n007,a@example.com,"Smith, J."\n');
    assert.deepEqual(readSpreadsheetRows(file), [['007', 'a@example.com', 'Smith, J.']]);
  });

  it('refuses with the messages of the spec', async () => {
    const sheetless = path.join(dir, 'sheetless.xlsx');
    await writeSheetlessXlsx(sheetless);
    assert.equal(refusal(sheetless), 'No sheet found in the file');

    const headerOnly = path.join(dir, 'header-only.xlsx');
    writeXlsx(headerOnly, [['username', 'email']]);
    assert.equal(refusal(headerOnly), 'No data found in the Excel file.');
    const empty = path.join(dir, 'empty.csv');
    fs.writeFileSync(empty, '');
    assert.equal(refusal(empty), 'No data found in the Excel file.');

    const notExcel = path.join(dir, 'fake.xlsx');
    fs.writeFileSync(notExcel, 'username,email\nalice,a@example.com\n');
    assert.equal(refusal(notExcel), 'Failed to parse the file');
    const brokenZip = path.join(dir, 'broken.xlsx');
    fs.writeFileSync(brokenZip, Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(64, 7)]));
    assert.equal(refusal(brokenZip), 'Failed to parse the file');

    const huge = path.join(dir, 'huge.csv');
    fs.writeFileSync(huge, 'username\n' + Array.from({ length: 10_001 }, (_, i) => `u${i}`).join('\n'));
    assert.equal(refusal(huge), 'Failed to parse the file: more than 10000 rows');

    assert.match(refusal(path.join(dir, 'missing.xlsx')), /^Failed to read the file \(ENOENT/);
    const text = path.join(dir, 'users.txt');
    fs.writeFileSync(text, 'alice\n');
    assert.match(refusal(text), /users\.txt: not a spreadsheet; use an \.xlsx, \.xls or \.csv file/);
  });
});

describe('cli: import rows', () => {
  it('checks each row with the admin form rules and generates missing passwords', () => {
    const rows = toImportRows([
      ['alice', 'alice@example.com', 'Alice', 'secret1', 'Spring', 'Peking University'],
      ['bob', 'bob@example.com'],
      ['x'.repeat(31), 'long@example.com'],
      ['carol', 'not-an-email'],
      ['dave', 'dave@example.com', '', '123'],
      ['alice', 'other@example.com'],
      ['', 'nobody@example.com'],
      ['erin', 'erin@example.com', '', '', '', 'y'.repeat(101)],
    ]);
    assert.deepEqual(
      rows.map((r) => [r.row, r.status, r.reason]),
      [
        [2, 'pending', undefined],
        [3, 'pending', undefined],
        [4, 'invalid', 'username: Maximum 30 characters'],
        [5, 'invalid', 'e-mail: Please enter a valid email'],
        [6, 'invalid', 'password: Password length is between 6 and 32'],
        [7, 'invalid', 'username alice appears twice in the file'],
        [8, 'invalid', 'username: Username cannot be empty!'],
        [9, 'invalid', 'affiliation: at most 100 characters'],
      ],
    );
    assert.equal(rows[0].password, 'secret1');
    assert.equal(rows[0].contest, 'Spring');
    assert.equal(rows[0].affiliation, 'Peking University');
    assert.equal(rows[1].affiliation, '');
    assert.equal(rows[1].nickname, 'bob');
    assert.ok(rows[1].passwordGenerated && rows[1].password.length >= 12);
    assert.notEqual(rows[1].password, rows[2].password);
  });
});
