// The problem page's choice of several source files: the limits the server applies, said first.
import assert from 'node:assert/strict';
import { MAX_PICKED_BYTES, MAX_PICKED_FILES, pickedFilesProblem } from '../../web/src/lib/sourceFiles.ts';

describe('web: several source files', () => {
  it('takes files within the limits', () => {
    assert.equal(pickedFilesProblem([{ name: 'a.py', content: 'x' }, { name: 'b.py', content: 'y' }]), null);
  });

  it('refuses duplicate names, too many files and too many bytes, as the server would', () => {
    assert.match(pickedFilesProblem([{ name: 'a.py', content: '' }, { name: 'a.py', content: '' }])!, /same name/);
    const many = Array.from({ length: MAX_PICKED_FILES + 1 }, (_, i) => ({ name: `f${i}.py`, content: '' }));
    assert.match(pickedFilesProblem(many)!, /At most 100 files/);
    // Bytes, not characters: 'é' is two bytes in UTF-8.
    assert.match(pickedFilesProblem([{ name: 'a.py', content: 'é'.repeat(MAX_PICKED_BYTES / 2 + 1) }])!, /256 KB/);
  });
});
