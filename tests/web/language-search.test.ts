// The problem page's language select is searched by matchesLanguage (issue 30, defect 5).
import assert from 'node:assert/strict';
import { matchesLanguage } from '../../web/src/lib/languageSearch.ts';

describe('web: language search', () => {
  const labels = ['ada — Ada 2012', 'cpp17 — C++ 17', 'c — C 11', 'python3 — Py starter'];
  const found = (input: string) => labels.filter((l) => matchesLanguage(l, input));

  it('finds "C++17" however it is typed, and not Ada or plain C', () => {
    assert.deepEqual(found('C++17'), ['cpp17 — C++ 17']);
    assert.deepEqual(found('c++ 17'), ['cpp17 — C++ 17']);
  });

  it('needs every word typed, in any case', () => {
    assert.deepEqual(found('PY starter'), ['python3 — Py starter']);
    assert.deepEqual(found('py ada'), []);
    assert.equal(found('').length, labels.length);
  });
});
