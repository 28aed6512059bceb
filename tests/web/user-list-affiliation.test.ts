// A user-list spreadsheet's Affiliation column (issue 16, item 6): the members' affiliations come
// from the column headed "Affiliation" (any case, or 所属单位), never from a column headed
// otherwise; an empty cell leaves the affiliation as it is.
import assert from 'node:assert/strict';
import * as XLSX from 'xlsx';
import { membersFromRows, membersFromWorkbook, usernamesFromRows } from '../../web/src/pages/admin/logic/userList.ts';

describe('web: user-list spreadsheet affiliations', () => {
  it('reads the Affiliation column, wherever it is, beside the usernames', () => {
    const rows = [
      ['username', 'e-mail', ' AFFILIATION '],
      ['alice', 'a@x', 'Peking University '],
      ['bob', 'b@x', ''],
      ['alice', 'a2@x', 'Other'],
      ['carol'],
    ];
    assert.deepEqual(membersFromRows(rows), [
      { username: 'alice', affiliation: 'Peking University' },
      { username: 'bob', affiliation: null },
      { username: 'carol', affiliation: null },
    ]);
    assert.deepEqual(usernamesFromRows(rows), ['alice', 'bob', 'carol']);
  });

  it('takes no affiliation from a sheet without that column, nor from the usernames column', () => {
    assert.deepEqual(membersFromRows([['username', 'school name'], ['dan', 'Fudan']]), [{ username: 'dan', affiliation: null }]);
    assert.deepEqual(membersFromRows([['affiliation'], ['erin']]), [{ username: 'erin', affiliation: null }]);
    assert.deepEqual(membersFromRows([['用户名', '所属单位'], ['fay', '复旦大学']]), [{ username: 'fay', affiliation: '复旦大学' }]);
  });

  it('reads a Country column (the organization country) only when the sheet has one', () => {
    assert.deepEqual(membersFromRows([['username', 'Affiliation', 'Country'], ['hal', 'TU Delft', 'NLD'], ['ida', 'TU Delft', '']]), [
      { username: 'hal', affiliation: 'TU Delft', country: 'NLD' },
      { username: 'ida', affiliation: 'TU Delft', country: null },
    ]);
  });

  it('reads them from an .xlsx file, bounded in length', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['username', 'Affiliation'], ['gus', 'x'.repeat(300)]]), 'Sheet1');
    const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
    const [gus] = membersFromWorkbook(bytes);
    assert.equal(gus.username, 'gus');
    assert.equal(gus.affiliation, 'x'.repeat(100));
  });
});
