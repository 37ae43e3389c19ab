import { describe, expect, it } from 'vitest';
import { randomToken } from '../../src/lib/random-token.js';

describe('randomToken', () => {
  it('never hands out the same bytes twice, across many refills of its pool', () => {
    // 4,096 bytes a pool: 20,000 ids of 16 bytes draw it about 80 times.
    const ids = Array.from({ length: 20_000 }, () => randomToken(16));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
    }
  });

  it('gives sizes that do not divide the pool and large ones alike', () => {
    const odd = Array.from({ length: 3_000 }, () => randomToken(7));
    expect(new Set(odd).size).toBe(odd.length);
    expect(Buffer.from(randomToken(2_048), 'base64url')).toHaveLength(2_048);
    expect(() => randomToken(0)).toThrow(RangeError);
    expect(() => randomToken(1.5)).toThrow(RangeError);
  });
});
