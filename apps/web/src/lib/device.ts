/** Brand and model for the device-brand / device-model headers (spec §7), from the user agent. */
export interface DeviceInfo {
  brand: string;
  model: string;
}

const UNKNOWN = 'unknown';

/** Android model prefixes → brand, for models whose user agent does not name the maker. */
const ANDROID_BRANDS: readonly (readonly [RegExp, string])[] = [
  [/^(SM-|GT-|Galaxy|SAMSUNG)/i, 'Samsung'],
  [/^Pixel/i, 'Google'],
  [/^(HUAWEI|HMA-|ELS-|ANA-|NOH-|LIO-|VOG-)/i, 'HUAWEI'],
  [/^(HONOR|HRY-|BKL-)/i, 'HONOR'],
  [/^(Mi |MI |Redmi|POCO|M\d{4}[A-Z]\d|2\d{3}[A-Z0-9]{4,})/i, 'Xiaomi'],
  [/^(OPPO|CPH\d|PD\d|PE\d|PG\d)/i, 'OPPO'],
  [/^(vivo|V\d{4}[A-Z]?)/i, 'vivo'],
  [/^(OnePlus|[A-Z]{2}\d{4}$)/i, 'OnePlus'],
  [/^(Realme|RMX)/i, 'realme'],
  [/^(Moto|XT\d)/i, 'Motorola'],
  [/^(Nokia|TA-)/i, 'Nokia'],
  [/^(LM-|LG)/i, 'LG'],
  [/^(SONY|SO-|XQ-)/i, 'Sony'],
  [/^(MEIZU|M\d{3}Q)/i, 'Meizu'],
];

/** Printable ASCII only, trimmed, or the fallback (headers must be ASCII). */
function ascii(value: string | undefined, fallback = UNKNOWN): string {
  const cleaned = (value ?? '').replace(/[^\x20-\x7e]/g, '').trim();
  return cleaned || fallback;
}

function androidDevice(userAgent: string): DeviceInfo | null {
  const match =
    /Android[^;)]*;\s*(?:[a-z]{2}[-_][a-z]{2};\s*)?([^;)]+?)(?:\s+Build\/[^;)]*)?[;)]/i.exec(
      userAgent,
    );
  if (!match) return null;
  let model = (match[1] ?? '').trim();
  if (!model || /^(K|wv|Mobile)$/i.test(model)) model = '';
  const brand = ANDROID_BRANDS.find(([pattern]) => pattern.test(model))?.[1];
  return { brand: ascii(brand ?? model.split(/[\s_-]/)[0]), model: ascii(model) };
}

export function deviceFromUserAgent(userAgent: string): DeviceInfo {
  if (/iPhone/.test(userAgent)) return { brand: 'Apple', model: 'iPhone' };
  if (/iPad/.test(userAgent)) return { brand: 'Apple', model: 'iPad' };
  if (/iPod/.test(userAgent)) return { brand: 'Apple', model: 'iPod' };
  if (/Android/i.test(userAgent)) {
    return androidDevice(userAgent) ?? { brand: UNKNOWN, model: UNKNOWN };
  }
  if (/HarmonyOS|OpenHarmony/i.test(userAgent)) return { brand: 'HUAWEI', model: UNKNOWN };
  if (/Macintosh|Mac OS X/.test(userAgent)) return { brand: 'Apple', model: 'Mac' };
  if (/Windows/.test(userAgent)) return { brand: UNKNOWN, model: 'Windows PC' };
  if (/CrOS/.test(userAgent)) return { brand: UNKNOWN, model: 'Chromebook' };
  return { brand: UNKNOWN, model: UNKNOWN };
}

export function currentDevice(): DeviceInfo {
  return deviceFromUserAgent(typeof navigator === 'undefined' ? '' : navigator.userAgent);
}
