import { RECOVERY_CODE_PATTERN } from '@yanzhi/contract';
import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  generateRecoveryCode,
  hashRecoverySecret,
  parseRecoveryCode,
  verifyRecoverySecret,
} from '../../src/domain/recovery-code.js';

describe('recovery codes', () => {
  it('are six groups of four Crockford characters, different each time', () => {
    const codes = Array.from({ length: 200 }, () => formatRecoveryCode(generateRecoveryCode()));
    for (const code of codes) expect(code).toMatch(RECOVERY_CODE_PATTERN);
    expect(new Set(codes).size).toBe(codes.length);
    // Every character of the alphabet turns up: the 5-bit groups are read right.
    expect(new Set(codes.join('').replace(/-/g, '')).size).toBe(32);
  });

  it('read what people type: case, spaces, dashes, O for 0 and I or L for 1', () => {
    const parts = { lookupId: '0123ABCD', secret: '1111EFGH0000JKMN' };
    for (const typed of [
      '0123-ABCD-1111-EFGH-0000-JKMN',
      '0123abcd1111efgh0000jkmn',
      ' o123 abcd IiLl efgh OoOo jkmn ',
      '0123--ABCD-1111-EFGH-0000-JKMN-',
    ]) {
      expect(parseRecoveryCode(typed), typed).toEqual(parts);
    }
    for (const wrong of ['', '0123-ABCD', 'UUUU-ABCD-1111-EFGH-0000-JKMN', 'A'.repeat(25)]) {
      expect(parseRecoveryCode(wrong), wrong).toBeNull();
    }
  });

  it('keep the secret as a salted scrypt hash that only the secret matches', async () => {
    const { secret } = generateRecoveryCode();
    const [first, second] = [await hashRecoverySecret(secret), await hashRecoverySecret(secret)];
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(await verifyRecoverySecret(secret, first)).toBe(true);
    expect(await verifyRecoverySecret(secret, second)).toBe(true);
    expect(await verifyRecoverySecret(generateRecoveryCode().secret, first)).toBe(false);
    expect(await verifyRecoverySecret(secret, 'sha256$whatever')).toBe(false);
  });
});
