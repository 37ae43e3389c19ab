/**
 * Reads an ICC profile's description (ICC.1 v2 `desc` and v4 `mluc` tags), to tell an sRGB
 * profile from the rest. Pure: the bytes in, a string out; any malformed profile answers null.
 */

const HEADER_BYTES = 128;
const TAG_ENTRY_BYTES = 12;

/** The profile's description (its first language for v4), or null when it has none readable. */
export function iccProfileDescription(profile: Uint8Array): string | null {
  const bytes = Buffer.from(profile.buffer, profile.byteOffset, profile.byteLength);
  if (bytes.length < HEADER_BYTES + 4 || bytes.toString('latin1', 36, 40) !== 'acsp') return null;
  const tags = bytes.readUInt32BE(HEADER_BYTES);
  for (let index = 0; index < tags; index += 1) {
    const entry = HEADER_BYTES + 4 + index * TAG_ENTRY_BYTES;
    if (entry + TAG_ENTRY_BYTES > bytes.length) return null;
    if (bytes.toString('latin1', entry, entry + 4) !== 'desc') continue;
    const offset = bytes.readUInt32BE(entry + 4);
    const size = bytes.readUInt32BE(entry + 8);
    if (size < 12 || offset + size > bytes.length) return null;
    return readDescription(bytes.subarray(offset, offset + size));
  }
  return null;
}

function readDescription(tag: Buffer): string | null {
  const type = tag.toString('latin1', 0, 4);
  if (type === 'desc') {
    // textDescriptionType: an ASCII count (with its NUL), then the text.
    const count = tag.readUInt32BE(8);
    if (count === 0 || 12 + count > tag.length) return null;
    return tag.toString('latin1', 12, 12 + count).replace(/\0+$/, '');
  }
  if (type === 'mluc') {
    // multiLocalizedUnicodeType: records of (language, country, length, offset), UTF-16BE text.
    if (tag.length < 28 || tag.readUInt32BE(8) === 0) return null;
    const length = tag.readUInt32BE(20);
    const offset = tag.readUInt32BE(24);
    if (length % 2 !== 0 || offset + length > tag.length) return null;
    return Buffer.from(tag.subarray(offset, offset + length))
      .swap16()
      .toString('utf16le');
  }
  return null;
}

/**
 * Whether a profile names itself sRGB (as cameras' "sRGB IEC61966-2.1" and libvips' compact "sRGB"
 * do): pixels under it are sRGB already, so converting them to sRGB changes nothing. A linear
 * variant does not count.
 */
export function isSrgbProfile(profile: Uint8Array): boolean {
  const description = iccProfileDescription(profile);
  return description !== null && /^sRGB\b/.test(description) && !/linear/i.test(description);
}
