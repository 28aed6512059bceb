// The web app's reading of the live stream's text (web/src/lib/liveEvents.ts): events split on
// blank lines wherever the network cut the chunks, comments and unknown fields skipped, data
// lines joined, CRLF line ends accepted, an incomplete event kept for the next chunk.
import assert from 'node:assert/strict';
import { parseEvents } from '../../web/src/lib/liveEvents.ts';

function feed(chunks: string[]): { event: string; data: string }[] {
  const out: { event: string; data: string }[] = [];
  let rest = '';
  for (const chunk of chunks) rest = parseEvents(rest + chunk, (event, data) => out.push({ event, data }));
  return out;
}

describe('web: live stream parsing', () => {
  it('reads events however the chunks are cut', () => {
    const text = 'retry: 3000\n\nid: 1\nevent: hello\ndata: {"serverTime":"x"}\n\n: keep-alive\n\nid: 2\nevent: submission\ndata: {"id":5}\n\n';
    const whole = feed([text]);
    assert.deepEqual(whole, [
      { event: 'hello', data: '{"serverTime":"x"}' },
      { event: 'submission', data: '{"id":5}' },
    ]);
    for (let cut = 1; cut < text.length; cut++) assert.deepEqual(feed([text.slice(0, cut), text.slice(cut)]), whole, `cut at ${cut}`);
    assert.deepEqual(feed([...text]), whole, 'one character at a time');
  });

  it('joins data lines, accepts CRLF and the default event name, keeps an unfinished event', () => {
    assert.deepEqual(feed(['data: a\r\ndata:b\r\n\r\n']), [{ event: 'message', data: 'a\nb' }]);
    assert.equal(parseEvents('event: x\ndata: 1\n', () => assert.fail('not complete yet')), 'event: x\ndata: 1\n');
  });
});
