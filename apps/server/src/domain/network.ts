/**
 * Network neighbourhoods (DESIGN §5, §7): the unit in which votes and reports from one place are
 * counted as one voice. Ids cost nothing to make, addresses cost a little more, and the blocks
 * an operator hands out (an IPv4 /24, an IPv6 /64) are what one person or one script can cheaply
 * hold, so they are the neighbourhood.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** Groups of 16 bits of an IPv6 address, `::` expanded and an embedded IPv4 tail converted. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    if (!isIPv4(last)) return null;
    const [a = 0, b = 0, c = 0, d = 0] = last.split('.').map(Number);
    tail = [(a << 8) | b, (c << 8) | d];
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const head = parse(halves[0] ?? '');
  const rest = halves.length === 2 ? parse(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 0) return null;
  const groups = [...head, ...new Array<number>(Math.max(0, missing)).fill(0), ...rest];
  if (tail.length) groups.splice(6, 2, ...tail);
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The neighbourhood of a client address: `v4:a.b.c` (its /24) for IPv4 and IPv4-mapped IPv6,
 * `v6:xxxx:xxxx:xxxx:xxxx` (its /64) for IPv6, and the text itself (prefixed) for anything else.
 */
export function neighbourhoodOf(address: string): string {
  if (isIPv4(address)) return `v4:${address.split('.').slice(0, 3).join('.')}`;
  if (isIPv6(address)) {
    const groups = ipv6Groups(address);
    if (groups) {
      const mapped =
        groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff ? groups : null;
      if (mapped) {
        const a = (mapped[6] ?? 0) >> 8;
        const b = (mapped[6] ?? 0) & 0xff;
        const c = (mapped[7] ?? 0) >> 8;
        return `v4:${a}.${b}.${c}`;
      }
      return `v6:${groups
        .slice(0, 4)
        .map((g) => g.toString(16))
        .join(':')}`;
    }
  }
  return `other:${address.slice(0, 64)}`;
}

/** The neighbourhood as a 32-bit signed integer (FNV-1a), the form votes store it in. */
export function neighbourhoodHash(address: string): number {
  const key = neighbourhoodOf(address);
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}
