import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Recovery codes (ADR 0026): 24 characters of Crockford's base32 shown as six groups of four.
 * The first two groups (40 bits) are a lookup id stored as is; the other four (80 bits) are the
 * secret, stored only as a salted scrypt hash.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_CHARS = 24;
const LOOKUP_CHARS = 8;

/**
 * scrypt's cost (ADR 0026): N = 2^14, r = 8, p = 1 takes 16 MiB and about 50 ms of one core.
 * An 80-bit random secret needs no slowness against guessing; the slow hash is for a leaked
 * table, where it makes each guess cost memory and time. More would let a crowd of addresses,
 * each within its hourly limit, keep the hashing threads busy.
 */
export const RECOVERY_SCRYPT = { N: 16_384, r: 8, p: 1, keyLength: 32, saltBytes: 16 } as const;
const MAX_MEMORY = 64 * 1024 * 1024;

export interface RecoveryCodeParts {
  /** The first two groups, stored as is (unique) to find the account. */
  lookupId: string;
  /** The other four groups: never stored, only hashed. */
  secret: string;
}

/** A fresh code from 120 random bits. */
export function generateRecoveryCode(): RecoveryCodeParts {
  const bytes = randomBytes((CODE_CHARS * 5) / 8);
  let bits = 0;
  let value = 0;
  let chars = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      chars += ALPHABET.charAt((value >> bits) & 31);
    }
    value &= (1 << bits) - 1;
  }
  return { lookupId: chars.slice(0, LOOKUP_CHARS), secret: chars.slice(LOOKUP_CHARS) };
}

/** The code as the user writes it down: `XXXX-XXXX-XXXX-XXXX-XXXX-XXXX`. */
export function formatRecoveryCode(parts: RecoveryCodeParts): string {
  return (parts.lookupId + parts.secret).match(/.{4}/g)?.join('-') ?? '';
}

/**
 * Reads what the user typed leniently: any case, spaces and dashes anywhere (or none), and the
 * letters people confuse with digits (O for 0, I and L for 1). Null when it is no code at all.
 */
export function parseRecoveryCode(input: string): RecoveryCodeParts | null {
  const chars = input
    .toUpperCase()
    .replace(/[\s\-‐-―_.]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (chars.length !== CODE_CHARS) return null;
  for (const char of chars) if (!ALPHABET.includes(char)) return null;
  return { lookupId: chars.slice(0, LOOKUP_CHARS), secret: chars.slice(LOOKUP_CHARS) };
}

function derive(secret: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const options = { N, r, p, maxmem: MAX_MEMORY };
    scrypt(secret, salt, RECOVERY_SCRYPT.keyLength, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url) of a secret, salted afresh. */
export async function hashRecoverySecret(secret: string): Promise<string> {
  const { N, r, p, saltBytes } = RECOVERY_SCRYPT;
  const salt = randomBytes(saltBytes);
  const key = await derive(secret, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `secret` matches a stored hash, compared in constant time. */
export async function verifyRecoverySecret(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(secret, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}
