// Property tests of the Contest API's time grammar (server/src/modules/ccs/ccs-time.ts): every
// TIME written as the specification allows — any offset, hour-only or with minutes, Z, with or
// without a fraction — reads as the moment it names; every RELTIME, signed or not, with or
// without a fraction, reads as its milliseconds; and what the grammar does not allow is refused.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseCcsTime, parseRelTime } from '@verdict/server/internal/modules/ccs/ccs-time';
import { relTime } from '@verdict/server/internal/modules/ccs/ccs-format';
import { RUNS } from './arbitraries.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `ms` written in the zone `offsetMinutes` east of UTC, the offset as `+hh`, `+hh:mm` or Z. */
function writeTime(ms: number, offsetMinutes: number, style: 'hour' | 'minutes' | 'Z', fraction: string): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
  const abs = Math.abs(offsetMinutes);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const zone = style === 'Z' ? 'Z' : style === 'hour' ? `${sign}${pad(abs / 60)}` : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${date}T${time}${fraction}${zone}`;
}

const moment = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) });

describe('the Contest API time grammar', () => {
  it('reads every TIME the grammar allows as the moment it names', () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: -23, max: 23 }), fc.integer({ min: -23 * 60 - 59, max: 23 * 60 + 59 }), fc.constantFrom('hour', 'minutes', 'Z'), fc.integer({ min: 0, max: 3 }), (ms, hours, minutes, style, digits) => {
        const offset = style === 'hour' ? hours * 60 : style === 'Z' ? 0 : minutes;
        const millis = pad(ms % 1000, 3).slice(0, digits);
        const fraction = digits ? `.${millis}` : '';
        const expected = Math.floor(ms / 1000) * 1000 + Number(millis.padEnd(3, '0'));
        const text = writeTime(expected, offset, style as 'hour' | 'minutes' | 'Z', fraction);
        assert.equal(parseCcsTime(text), expected, text);
      }),
      { numRuns: RUNS.checkers },
    );
  });

  it('reads the issue example with an hour-only offset, and what Date.parse reads wrongly or not at all', () => {
    assert.equal(parseCcsTime('2026-11-28T18:06:00.123+00'), Date.UTC(2026, 10, 28, 18, 6, 0, 123));
    assert.ok(Number.isNaN(Date.parse('2026-11-28T18:06:00.123+00')), 'the reason for the grammar');
    assert.equal(parseCcsTime('2024-06-25T19:30:00-05:30'), Date.UTC(2024, 5, 26, 1, 0));
    assert.equal(parseCcsTime('2024-06-25T19:30:00.5Z'), Date.UTC(2024, 5, 25, 19, 30, 0, 500));
    for (const bad of ['2024-06-25', '2024-06-25T19:30:00', '2024-06-25 19:30:00Z', '2024-02-30T10:00:00Z', '2024-13-01T10:00:00Z', '2024-06-25T24:00:00Z', '2024-06-25T19:30:00+1', '2024-06-25T19:30:00+01:60', 'Tue, 25 Jun 2024 19:30:00 GMT', '1719343800000', '']) {
      assert.equal(parseCcsTime(bad), null, bad);
    }
  });

  it('reads every RELTIME as its milliseconds: what relTime writes, a sign, a shorter fraction or none', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (ms) => {
        assert.equal(parseRelTime(relTime(ms)), ms, relTime(ms));
        const whole = relTime(ms).replace(/\.\d+$/, '');
        assert.equal(parseRelTime(whole), Math.trunc(ms / 1000) * 1000 || 0, whole);
        if (ms >= 0) assert.equal(parseRelTime(`+${relTime(ms)}`), ms);
      }),
      { numRuns: RUNS.checkers },
    );
    assert.equal(parseRelTime('0:20:00'), 20 * 60_000);
    assert.equal(parseRelTime('-0:00:01.5'), -1500);
    assert.equal(parseRelTime('123:00:00.000'), 123 * 3_600_000);
    for (const bad of ['20', '0:20', '0:60:00', '0:00:60', '1:2:03', 'PT20M', '--1:00:00', '1:00:00.', '']) assert.equal(parseRelTime(bad), null, bad);
  });
});
