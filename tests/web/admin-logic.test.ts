import assert from 'node:assert/strict';
import dayjs from 'dayjs';
import * as XLSX from 'xlsx';
import { ascendingById, filterByIdAndText, filterUsers, isValidSearchId, newestFirst } from '../../web/src/pages/admin/logic/search.ts';
import { keepLast, uploadRefusal } from '../../web/src/pages/admin/logic/upload.ts';
import { roleOf } from '../../web/src/pages/admin/logic/roles.ts';
import { confirmDelete, confirmDeleteUsers, selectToDelete } from '../../web/src/pages/admin/logic/messages.ts';
import {
  contestNow,
  earliestEnd,
  fromWireTime,
  isDayBefore,
  timesBefore,
  toWireTime,
} from '../../web/src/pages/admin/logic/contestTimes.ts';
import { usernamesFromBook, usernamesFromRows, usernamesFromWorkbook, UserListError } from '../../web/src/pages/admin/logic/userList.ts';

const problems = [
  { id: 1, title: 'A plus B' },
  { id: 2, title: 'Graph Paths' },
  { id: 12, title: 'a times b' },
];

describe('web: admin search filters', () => {
  it('keeps rows by exact id and title substring in any case', () => {
    assert.deepEqual(filterByIdAndText(problems, '', ' B', (p) => p.title).map((p) => p.id), [1, 12]);
    assert.deepEqual(filterByIdAndText(problems, '1', '', (p) => p.title).map((p) => p.id), [1]);
    assert.deepEqual(filterByIdAndText(problems, ' 12 ', 'times', (p) => p.title).map((p) => p.id), [12]);
    assert.deepEqual(filterByIdAndText(problems, undefined, undefined, (p) => p.title).length, 3);
  });

  it('treats a search ID that is not a number as invalid and matching nothing', () => {
    assert.equal(isValidSearchId(''), true);
    assert.equal(isValidSearchId(' 42 '), true);
    assert.equal(isValidSearchId('4a'), false);
    assert.equal(isValidSearchId('-1'), false);
    assert.deepEqual(filterByIdAndText(problems, 'x', '', (p) => p.title), []);
  });

  it('finds users by a username or e-mail substring', () => {
    const users = [
      { id: 1, username: 'Alice', email: 'alice@example.test' },
      { id: 2, username: 'bob', email: 'bob@school.edu' },
    ];
    assert.deepEqual(filterUsers(users, 'ALI').map((u) => u.id), [1]);
    assert.deepEqual(filterUsers(users, 'school').map((u) => u.id), [2]);
    assert.deepEqual(filterUsers(users, '  ').map((u) => u.id), [1, 2]);
  });

  it('orders submissions newest first and other lists ascending', () => {
    const rows = [{ id: 3 }, { id: 10 }, { id: 1 }];
    assert.deepEqual(newestFirst(rows).map((r) => r.id), [10, 3, 1]);
    assert.deepEqual(ascendingById(rows).map((r) => r.id), [1, 3, 10]);
  });
});

describe('web: admin upload checks', () => {
  it('accepts a zip within 512 MB and refuses the rest with the spec messages', () => {
    assert.equal(uploadRefusal({ name: 'data.ZIP', size: 10 }), null);
    assert.equal(uploadRefusal({ name: 'data.zip', size: 536870912 }), null);
    assert.equal(uploadRefusal({ name: 'data.zip', size: 536870913 }), 'File size exceeds the limit.');
    assert.equal(uploadRefusal({ name: 'data.tar.gz', size: 10 }), 'File format not supported. Please upload zip files.');
    assert.equal(uploadRefusal(null), 'No file selected for upload.');
  });

  it('keeps only the last chosen file', () => {
    assert.deepEqual(keepLast(['a', 'b', 'c']), ['c']);
    assert.deepEqual(keepLast([]), []);
  });
});

describe('web: admin roles and messages', () => {
  it('colours user volcano, admin gold, superadmin black', () => {
    assert.deepEqual([0, 1, 2].map((a) => roleOf(a).color), ['volcano', 'gold', 'black']);
    assert.deepEqual([0, 1, 2].map((a) => roleOf(a).name), ['user', 'admin', 'superadmin']);
  });

  it('words the delete guards as the spec does', () => {
    assert.equal(selectToDelete('problem'), 'Please select the problem to delete');
    assert.equal(confirmDelete('template'), 'Are you sure to delete the selected templates?');
    assert.equal(confirmDeleteUsers(3), 'Delete 3 selected users?');
  });
});

describe('web: contest time pickers', () => {
  const now = dayjs('2026-05-10T14:30:20');

  it('disables the days before the limit, not the limit day or later', () => {
    assert.equal(isDayBefore(now.subtract(1, 'day'), now), true);
    assert.equal(isDayBefore(now.startOf('day'), now), false);
    assert.equal(isDayBefore(now.add(3, 'day'), now), false);
    assert.equal(isDayBefore(null, now), false);
  });

  it('disables the hours, minutes and seconds before the limit on its day', () => {
    const t = timesBefore(now, now);
    assert.deepEqual(t.disabledHours!(), Array.from({ length: 14 }, (_, i) => i));
    assert.equal(t.disabledMinutes!(13).length, 60);
    assert.deepEqual(t.disabledMinutes!(14), Array.from({ length: 30 }, (_, i) => i));
    assert.deepEqual(t.disabledMinutes!(15), []);
    assert.deepEqual(t.disabledSeconds!(14, 30), Array.from({ length: 20 }, (_, i) => i));
    assert.deepEqual(t.disabledSeconds!(14, 31), []);
    assert.equal(t.disabledSeconds!(14, 29).length, 60);
    assert.deepEqual(timesBefore(now.add(1, 'day'), now), {});
  });

  it('offers the end from start + 1 hour (now + 1 hour before a start is chosen)', () => {
    const start = dayjs('2026-05-11T09:00:00');
    assert.equal(earliestEnd(start, now).format('YYYY-MM-DD HH:mm:ss'), '2026-05-11 10:00:00');
    assert.equal(earliestEnd(null, now).format('YYYY-MM-DD HH:mm:ss'), '2026-05-10 15:30:20');
    const t = timesBefore(start.add(1, 'hour'), earliestEnd(start, now));
    assert.deepEqual(t.disabledHours!(), Array.from({ length: 10 }, (_, i) => i));
  });

  it('shows and takes Asia/Shanghai wall-clock times in the pickers, whatever the browser zone', () => {
    // The picker shows the wire's text as it is, and gives it back unchanged.
    const shown = fromWireTime('2026-05-10 14:00:00')!;
    assert.equal(shown.format('YYYY-MM-DD HH:mm:ss'), '2026-05-10 14:00:00');
    assert.equal(toWireTime(shown), '2026-05-10 14:00:00');
    assert.equal(toWireTime(shown.add(90, 'minute')), '2026-05-10 15:30:00');
    assert.equal(fromWireTime('soon'), null);
    // Now is Shanghai's now: 06:00 UTC is 14:00 there.
    assert.equal(toWireTime(contestNow(Date.UTC(2026, 4, 10, 6, 0, 0))), '2026-05-10 14:00:00');
  });
});

function workbook(rows: unknown[][]): Uint8Array {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Users');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
}

describe('web: user list spreadsheets', () => {
  it('reads the first column of the first sheet under the header row', () => {
    const bytes = workbook([['username', 'note'], [' alice ', 'x'], ['bob'], [''], ['alice'], [42]]);
    assert.deepEqual(usernamesFromWorkbook(bytes), ['alice', 'bob', '42']);
  });

  it('reads .xls files too', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['name'], ['carol']]), 'S');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'biff8' }) as ArrayBuffer);
    assert.deepEqual(usernamesFromWorkbook(bytes), ['carol']);
  });

  it('needs more than the header row', () => {
    assert.throws(() => usernamesFromWorkbook(workbook([['username']])), { message: 'No data found in the Excel file.' });
    assert.throws(() => usernamesFromRows([]), UserListError);
    assert.throws(() => usernamesFromRows([['h'], [''], [null]]), { message: 'No data found in the Excel file.' });
  });

  it('reports a workbook without sheets', () => {
    assert.throws(() => usernamesFromBook({ SheetNames: [], Sheets: {} }), { message: 'No sheet found in the file' });
  });

  it('reports bytes that are no spreadsheet', () => {
    assert.throws(() => usernamesFromWorkbook(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 1, 2])), { message: 'Failed to parse the file' });
  });
});
