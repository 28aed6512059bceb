// Replies joined from parts compressed one by one (server/src/common/gzip-parts.ts): whatever the
// parts, the gzip must be one valid member whose bytes, length and CRC are those of the parts joined.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { crc32, deflatedPart, gzipOf, plainOf, storedPart } from '@verdict/server/internal/common/gzip-parts';

describe('gzip parts', () => {
  it('computes the CRC-32 of gzip', () => {
    assert.equal(crc32(Buffer.from('123456789')).toString(16), 'cbf43926');
    assert.equal(crc32(Buffer.alloc(0)), 0);
  });

  it('joins deflated and stored parts, empty and over a stored block, into the bytes joined', () => {
    const json = (n: number) => Buffer.from(JSON.stringify(Array.from({ length: n }, (_, i) => ({ newId: 'A', result: i % 3 ? 'WA' : 'AC', cnt: i }))));
    const parts = [
      storedPart(Buffer.from('{"data":[')),
      deflatedPart(json(300)),
      storedPart(Buffer.alloc(0)),
      deflatedPart(Buffer.alloc(0)),
      storedPart(crypto.randomBytes(70_000)), // two stored blocks
      deflatedPart(crypto.randomBytes(5000)),
      storedPart(json(3)),
      storedPart(Buffer.from(']}')),
    ];
    const zipped = gzipOf(parts);
    assert.deepEqual(gunzipSync(zipped), plainOf(parts)); // gunzip checks the CRC and the length
    assert.ok(zipped.length < plainOf(parts).length);
    assert.deepEqual(gunzipSync(gzipOf([])), Buffer.alloc(0));
  });
});
