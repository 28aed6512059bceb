// The similarity screen's side-by-side view (issue 31), pure: a source cut at its shared
// fragments' offsets, in order, whatever order the fragments come in (longest first), each piece
// tagged with its fragment (its colour); offsets past the text or overlapping are clipped.
import assert from 'node:assert/strict';
import { ErrorKinds } from '@verdict/shared';
import { setLanguage } from '../../web/src/i18n/index.ts';
import { serverMessage } from '../../web/src/i18n/server-messages.ts';
import { highlightedSegments } from '../../web/src/pages/admin/logic/similarity.ts';

describe('similarity: highlighted fragments', () => {
  it('cuts the text at the fragments, tagged by their index, in text order', () => {
    const text = 'int a; int b; int c;';
    assert.deepEqual(highlightedSegments(text, [{ start: 14, end: 20 }, { start: 0, end: 6 }]), [
      { text: 'int a;', fragment: 1 },
      { text: ' int b; ', fragment: null },
      { text: 'int c;', fragment: 0 },
    ]);
  });

  it('gives the whole text back, with no fragment or fragments past its end clipped', () => {
    assert.deepEqual(highlightedSegments('abc', []), [{ text: 'abc', fragment: null }]);
    assert.deepEqual(highlightedSegments('abc', [{ start: 1, end: 99 }, { start: 2, end: 3 }]), [
      { text: 'a', fragment: null },
      { text: 'bc', fragment: 0 },
    ]);
    assert.equal(highlightedSegments('abcdef', [{ start: 0, end: 4 }, { start: 2, end: 6 }]).map((s) => s.text).join(''), 'abcdef');
  });
});

describe('similarity: the server\'s refusals in Chinese', () => {
  after(() => setLanguage('en'));

  it('says which run holds the contest, and which run or pair does not exist', async () => {
    await setLanguage('zh');
    const busy = { code: ErrorKinds.CONFLICT.code, message: 'A similarity analysis of this contest is running (run 7): wait for it to end' };
    assert.equal(serverMessage(busy), '这场比赛正在查重（第 7 次）：请等它结束');
    assert.equal(serverMessage({ code: ErrorKinds.NOT_FOUND.code, message: 'No such similarity run' }), '没有这次查重');
    assert.equal(serverMessage({ code: ErrorKinds.NOT_FOUND.code, message: 'No such similar pair' }), '没有这对相似代码');
  });
});
