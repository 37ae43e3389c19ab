/**
 * The byte sniffer: what the bytes of an uploaded file are (format, declared size, a broken or
 * foreign tail), read from magic bytes and the container's structure only, never the file name
 * or the client's content type, before any pixel is decoded (ADR 0008).
 *
 * Pure: it reads the bytes it is given and does no I/O. It lives in lib/, not domain/, because it
 * holds no rule of the product: it states facts the JPEG, PNG and WebP specifications define, as
 * a parser package would. What the product takes (formats, bytes, pixels, short side) is the
 * contract's UPLOAD_LIMITS, applied by the upload checks.
 */
import type { UploadFormat } from '@yanzhi/contract';

/** An image of a format we take with the size its header declares, or why the bytes are not. */
export type ImageInspection =
  | {
      kind: 'image';
      format: UploadFormat;
      /** As the header declares them, so a decompression bomb is caught before decoding. */
      width: number;
      height: number;
      /**
       * broken: the container is truncated or malformed after the header; foreign: something
       * else (an archive, markup) is appended after the container's end, as in a polyglot.
       */
      defect: 'broken' | 'foreign' | null;
    }
  | {
      kind: 'refused';
      /**
       * empty: no bytes; unsupported: another image format (HEIC, GIF, SVG, TIFF, AVIF, BMP…);
       * unreadable: not an image, or broken before its size is known.
       */
      reason: 'empty' | 'unsupported' | 'unreadable';
    };

type Size = { width: number; height: number };
type Refusal = Extract<ImageInspection, { kind: 'refused' }>['reason'];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const refuse = (reason: Refusal): ImageInspection => ({ kind: 'refused', reason });
const image = (format: UploadFormat, size: Size, defect: 'broken' | 'foreign' | null = null) =>
  ({ kind: 'image', format, ...size, defect }) satisfies ImageInspection;
/** Broken after the header: still an image of that declared size; before it: unreadable. */
const broken = (format: UploadFormat, size: Size | null): ImageInspection =>
  size ? image(format, size, 'broken') : refuse('unreadable');

function startsWith(bytes: Buffer, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('latin1', Math.max(0, start), Math.min(end, bytes.length));
}

export function inspectImageBytes(bytes: Buffer): ImageInspection {
  if (bytes.length === 0) return refuse('empty');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return inspectJpeg(bytes);
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return inspectPng(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return inspectWebp(bytes);
  return refuse(isOtherImageFormat(bytes) ? 'unsupported' : 'unreadable');
}

/** Image formats we recognise and do not take, so the answer can say "unsupported" (41501). */
function isOtherImageFormat(bytes: Buffer): boolean {
  const head = ascii(bytes, 0, 12);
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return true;
  if (head.startsWith('II*\0') || head.startsWith('MM\0*') || head.startsWith('II+\0')) return true;
  if (head.startsWith('BM') && bytes.length >= 26) return true;
  if (head.slice(4, 8) === 'ftyp') return true; // ISO BMFF: HEIC, HEIF, AVIF
  if (head.startsWith('8BPS') || head.startsWith('qoif')) return true; // Photoshop, QOI
  if (startsWith(bytes, [0, 0, 1, 0]) || startsWith(bytes, [0xff, 0x0a])) return true; // ICO, JPEG XL
  if (startsWith(bytes, [0, 0, 0, 0x0c]) && /^(JXL |jP {2})$/.test(head.slice(4, 8))) return true;
  if (startsWith(bytes, [0xff, 0x4f, 0xff, 0x51])) return true; // JPEG 2000 codestream
  // SVG: markup, possibly behind a BOM, an XML declaration, comments or a doctype.
  const text = ascii(bytes, 0, 4096)
    .replace(/^(\uFEFF|\xEF\xBB\xBF)/, '')
    .trimStart();
  return text.startsWith('<') && /<svg[\s>]/i.test(text);
}

// ---------------------------------------------------------------------------------------------
// JPEG: SOI, marker segments, entropy-coded scans, EOI.

const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** From just after an SOS header to the 0xFF of the next real marker; -1 when data runs out. */
function skipScan(bytes: Buffer, from: number): number {
  let position = from;
  for (;;) {
    const ff = bytes.indexOf(0xff, position);
    if (ff < 0 || ff + 1 >= bytes.length) return -1;
    const next = bytes[ff + 1] ?? 0;
    // Stuffed zero, restart markers and fill bytes belong to the scan.
    if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) position = ff + 2;
    else if (next === 0xff) position = ff + 1;
    else return ff;
  }
}

function inspectJpeg(bytes: Buffer): ImageInspection {
  let position = 2;
  let size: Size | null = null;
  let scanned = false;
  while (position < bytes.length) {
    if (bytes[position] !== 0xff) return broken('jpeg', size);
    while (bytes[position] === 0xff) position += 1;
    const marker = bytes[position];
    position += 1;
    if (marker === undefined) break;
    if (marker === 0xd9) {
      return size && scanned
        ? withTrailer(bytes, position, image('jpeg', size))
        : broken('jpeg', size);
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    if (marker === 0xd8 || position + 2 > bytes.length) return broken('jpeg', size);
    const length = bytes.readUInt16BE(position);
    if (length < 2 || position + length > bytes.length) return broken('jpeg', size);
    if (isStartOfFrame(marker) && size === null) {
      if (length < 8) return refuse('unreadable');
      size = { height: bytes.readUInt16BE(position + 3), width: bytes.readUInt16BE(position + 5) };
      if (size.width === 0 || size.height === 0) return refuse('unreadable');
    }
    position += length;
    if (marker === 0xda) {
      if (!size) return refuse('unreadable');
      scanned = true;
      position = skipScan(bytes, position);
      if (position < 0) return broken('jpeg', size);
    }
  }
  return broken('jpeg', size); // no EOI: truncated
}

// ---------------------------------------------------------------------------------------------
// PNG: signature, IHDR first, chunks up to IEND.

function inspectPng(bytes: Buffer): ImageInspection {
  if (bytes.length < 33 || ascii(bytes, 12, 16) !== 'IHDR' || bytes.readUInt32BE(8) !== 13) {
    return refuse('unreadable');
  }
  const size = { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (size.width === 0 || size.height === 0) return refuse('unreadable');
  let position = 8;
  let sawData = false;
  while (position + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(position);
    const type = ascii(bytes, position + 4, position + 8);
    const end = position + 12 + length;
    if (length > 0x7fffffff || end > bytes.length) return broken('png', size);
    if (type === 'IDAT') sawData = true;
    if (type === 'IEND') {
      return sawData ? withTrailer(bytes, end, image('png', size)) : broken('png', size);
    }
    position = end;
  }
  return broken('png', size); // no IEND: truncated
}

// ---------------------------------------------------------------------------------------------
// WebP: a RIFF container whose size field says where it ends; VP8X, VP8 or VP8L give the size.

function webpSize(bytes: Buffer, fourcc: string, data: number, length: number): Size | null {
  if (fourcc === 'VP8X' && length >= 10) {
    return { width: 1 + bytes.readUIntLE(data + 4, 3), height: 1 + bytes.readUIntLE(data + 7, 3) };
  }
  if (fourcc === 'VP8 ' && length >= 10 && startsWith(bytes, [0x9d, 0x01, 0x2a], data + 3)) {
    return {
      width: bytes.readUInt16LE(data + 6) & 0x3fff,
      height: bytes.readUInt16LE(data + 8) & 0x3fff,
    };
  }
  if (fourcc === 'VP8L' && length >= 5 && bytes[data] === 0x2f) {
    const bits = bytes.readUInt32LE(data + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  return null;
}

function inspectWebp(bytes: Buffer): ImageInspection {
  if (bytes.length < 20) return refuse('unreadable');
  const declaredEnd = 8 + bytes.readUInt32LE(4);
  const end = Math.min(declaredEnd, bytes.length);
  let size: Size | null = null;
  let position = 12;
  while (position + 8 <= end) {
    const fourcc = ascii(bytes, position, position + 4);
    const length = bytes.readUInt32LE(position + 4);
    const data = position + 8;
    // A truncated chunk may still have its frame header (the size) in the first 10 bytes.
    if (data + 10 <= bytes.length) size ??= webpSize(bytes, fourcc, data, length);
    if (data + length > end) return broken('webp', size);
    position = data + length + (length % 2);
  }
  if (!size || size.width === 0 || size.height === 0) return refuse('unreadable');
  if (declaredEnd > bytes.length || position < end) return broken('webp', size);
  return withTrailer(bytes, end, image('webp', size));
}

// ---------------------------------------------------------------------------------------------
// What follows the end of the container.

const MARKUP = /<(script|html|body|iframe|svg|object|embed|\?php)[\s>/]/i;
const ZIP_END_OF_DIRECTORY = Buffer.from('PK\x05\x06', 'latin1');
const ZIP_LOCAL_FILE = Buffer.from('PK\x03\x04', 'latin1');

/**
 * Bytes after the container's end are never stored (variants are re-encoded from pixels), but
 * an archive or markup riding along is a polyglot and is refused. Phones do append real data
 * after a JPEG's EOI: further JPEGs (MPF, Ultra HDR gain maps), a Motion Photo's MP4, Samsung's
 * SEFT trailer; those and plain padding are accepted.
 */
function withTrailer(
  bytes: Buffer,
  end: number,
  found: Extract<ImageInspection, { kind: 'image' }>,
): ImageInspection {
  if (end >= bytes.length) return found;
  const trailer = bytes.subarray(end);
  if (trailer.every((byte) => byte === 0x00 || byte === 0xff)) return found;
  const foreign = { ...found, defect: 'foreign' as const };
  const tail = trailer.subarray(Math.max(0, trailer.length - 65_557));
  if (tail.includes(ZIP_END_OF_DIRECTORY) || MARKUP.test(trailer.toString('latin1'))) {
    return foreign;
  }
  const cameraTrailer =
    startsWith(trailer, [0xff, 0xd8, 0xff]) ||
    ascii(trailer, 4, 8) === 'ftyp' ||
    ascii(trailer, trailer.length - 4, trailer.length) === 'SEFT';
  const zipFirst = trailer.subarray(0, 4).equals(ZIP_LOCAL_FILE);
  return found.format === 'jpeg' && cameraTrailer && !zipFirst ? found : foreign;
}
