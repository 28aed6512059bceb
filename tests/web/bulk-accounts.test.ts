// Bulk account creation's rules (issue 30, defect 8): the preview's checks, the generated
// passwords and their CSV, shared by the web app and `verdict user import`.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { z } from 'zod';
import { emailProblem, generatedPasswordsCsv, generatePassword, toImportRows, USER_LIMITS } from '@verdict/shared';
import { creatable, importRowsFromFile, previewRows } from '../../web/src/pages/admin/logic/bulkAccounts.ts';

describe('web: bulk account creation', () => {
  const rows = () =>
    toImportRows([
      ['new_ann', 'ann@example.com', '', '', 'Cup', 'Tsinghua'],
      ['Taken', 'taken@example.com'],
      ['bad_mail', 'not-an-email'],
      ['new_ann', 'ann2@example.com'],
      ['new_cat', 'cat@example.com', 'Cat', 'secret12', 'No Such Cup'],
      ['new_dan', 'dan@example.com', 'Dan', 'short'],
    ]);

  it('flags invalid rows, existing usernames (without case) and unknown contests; the rest are created', () => {
    const preview = previewRows(rows(), ['taken', 'admin'], ['Cup']);
    assert.deepEqual(
      preview.map((r) => [r.row, r.check.kind]),
      [
        [2, 'ok'],
        [3, 'exists'],
        [4, 'invalid'],
        [5, 'invalid'],
        [6, 'unknownContest'],
        [7, 'invalid'],
      ],
    );
    assert.deepEqual(preview[2]!.problem, { field: 'email', message: 'Please enter a valid email' });
    assert.deepEqual(preview[3]!.problem, { field: 'repeated' });
    assert.deepEqual(preview[5]!.problem, { field: 'password', message: 'Password length is between 6 and 32' });
    assert.deepEqual(
      creatable(preview).map((r) => r.username),
      ['new_ann'],
    );
    assert.equal(preview[0]!.nickname, 'new_ann', 'an empty nickname is the username');
  });

  it("checks e-mails exactly as the server's z.email() does", () => {
    const email = z.email();
    const part = fc.stringMatching(/^[A-Za-z0-9_'+.\-@]{0,12}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.tuple(part, part, part).map(([a, b, c]) => `${a}@${b}.${c}`), fc.emailAddress()), (value) => {
        const accepted = value.length > 0 && value.length <= USER_LIMITS.emailMax && email.safeParse(value).success;
        assert.equal(emailProblem(value) === undefined, accepted, value);
      }),
      { numRuns: 3000 },
    );
  });

  it('generates 14-character passwords without look-alikes, different each time', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generatePassword()));
    assert.equal(seen.size, 200);
    for (const p of seen) assert.match(p, /^[a-km-zA-HJ-NP-Z2-9]{14}$/);
  });

  it('exports only the generated passwords of created rows, with formula-looking cells neutralised', () => {
    const [generated, given] = toImportRows([
      ['=cmd', 'a@example.com'],
      ['bob', 'b@example.com', '', 'secret12'],
    ]);
    assert.equal(generatedPasswordsCsv([generated!, given!]), '', 'nothing created yet');
    const csv = generatedPasswordsCsv([
      { ...generated!, status: 'created' },
      { ...given!, status: 'created' },
    ]);
    assert.equal(csv, `username,email,password\n'=cmd,a@example.com,${generated!.password}\n`);
  });

  it('reads CSV files as UTF-8 text, blank rows dropped', () => {
    const csv = new TextEncoder().encode('\uFEFFusername,email,nickname\n张三,zs@example.com,三\n,,\n');
    const [row] = importRowsFromFile(csv, 'class.csv');
    assert.equal(row!.username, '张三');
    assert.equal(row!.nickname, '三');
    assert.equal(importRowsFromFile(csv, 'class.csv').length, 1);
  });
});
