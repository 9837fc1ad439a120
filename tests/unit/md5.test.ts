import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5Hex } from '@/lib/md5';

describe('md5Hex', () => {
  it('matches node:crypto for the RFC 1321 vectors and random lengths across block edges', () => {
    expect(md5Hex(new Uint8Array())).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex(new TextEncoder().encode('abc'))).toBe('900150983cd24fb0d6963f7d28e17f72');
    for (const n of [1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 100_003]) {
      const bytes = randomBytes(n);
      expect(md5Hex(new Uint8Array(bytes)), String(n)).toBe(createHash('md5').update(bytes).digest('hex'));
    }
  });
});
