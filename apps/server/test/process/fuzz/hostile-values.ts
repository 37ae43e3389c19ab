import fc from 'fast-check';

/** Text written into a JSON body as is: NaN, 1e400, deep nesting, anything JSON.stringify won't. */
export class RawJson {
  constructor(readonly text: string) {}
}

export type JsonLike = null | boolean | number | string | RawJson | JsonLike[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonLike;
}

/** The key a pollution payload tries to plant on Object.prototype; checked after the run. */
export const POLLUTION_MARKER = 'fuzzPolluted';
export const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** An object without a prototype, so `__proto__` is an ordinary own key that gets serialised. */
export function bareObject(entries: readonly (readonly [string, JsonLike])[] = []): JsonObject {
  const object = Object.create(null) as JsonObject;
  for (const [key, value] of entries) object[key] = value;
  return object;
}

/** JSON text of a value; non-finite numbers and RawJson go in verbatim (so the text may be bad). */
export function toJsonText(value: JsonLike): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'number') return Number.isFinite(value) ? JSON.stringify(value) : `${value}`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  const members = Object.keys(value).map(
    (key) => `${JSON.stringify(key)}:${toJsonText(value[key] ?? null)}`,
  );
  return `{${members.join(',')}}`;
}

const ODD_PIECES = [
  '\u202e', // right-to-left override
  'مرحبا',
  'שלום',
  'e\u0301\u0302\u0303\u0304', // stacked combining marks
  '\u0000',
  '\ud800', // lone high surrogate (JSON.stringify writes it as an escape)
  '\udfff', // lone low surrogate
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '\ufeff',
  '\u200b',
  '\uffff',
  '\u2028\u2029',
  '𝕏',
  "'; DROP TABLE users; --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '\\',
  '"',
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '0x10',
  '１２', // full-width digits
  ' 1',
  '+1',
  '1.0',
  '01',
  '9007199254740993',
  '2026-02-30',
  'day\u0000',
  'keep ',
] as const;

export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_PIECES),
  fc.array(fc.constantFrom(...ODD_PIECES), { minLength: 2, maxLength: 12 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc
    .tuple(
      fc.constantFrom('a', '9', '👩‍👩‍👧‍👦', 'e\u0301', '\u0000', '\ud800'),
      fc.integer({ min: 200, max: 5000 }),
    )
    .map(([piece, times]) => piece.repeat(times)),
);

const EDGE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  -0.5,
  1.000001,
  1e-7,
  5e-324,
  1e21,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 32 + 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 63,
  -(2 ** 63),
  NaN,
  Infinity,
  -Infinity,
];

const RAW_NUMBERS = [
  '1e400',
  '-1e400',
  '123456789012345678901234567890',
  '-0',
  '0x1F',
  '.5',
  '1.',
  '01',
  '+1',
  '1_000',
  'NaN',
  'Infinity',
] as const;

export const hostileNumber: fc.Arbitrary<JsonLike> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS),
  fc.integer({ min: -(2 ** 31), max: 0 }),
  fc.double(),
  fc.constantFrom(...RAW_NUMBERS).map((text) => new RawJson(text)),
);

/** Numbers written as strings, valid-looking or not. */
export const numberAsString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS).map(String),
  fc.double().map(String),
  fc.integer().map(String),
  fc.constantFrom(...RAW_NUMBERS),
);

/** Objects that try to reach Object.prototype, directly or through constructor.prototype. */
export const pollutingObject: fc.Arbitrary<JsonObject> = fc.constantFrom(
  bareObject([['__proto__', bareObject([[POLLUTION_MARKER, 'proto']])]]),
  bareObject([
    ['constructor', bareObject([['prototype', bareObject([[POLLUTION_MARKER, 'ctor']])]])],
  ]),
  bareObject([['prototype', bareObject([[POLLUTION_MARKER, 'prototype']])]]),
  bareObject([['constructor', 'string']]),
  bareObject([['__proto__', null]]),
  bareObject([
    ['toString', 'x'],
    ['hasOwnProperty', 1],
    ['valueOf', bareObject()],
  ]),
);

/** Deep nesting, once with a constructor.prototype at the bottom for the parser's scan. */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.integer({ min: 100, max: 12_000 }), fc.boolean())
  .map(([depth, polluting]) =>
    polluting
      ? new RawJson(
          `${'{"a":'.repeat(depth)}{"constructor":{"prototype":{"${POLLUTION_MARKER}":1}}}${'}'.repeat(depth)}`,
        )
      : new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`),
  );

const leaf: fc.Arbitrary<JsonLike> = fc.oneof(
  hostileNumber,
  numberAsString,
  oddString,
  fc.boolean(),
  fc.constant(null),
);

/** Any value at all where a field goes: wrong types, edge numbers, odd strings, structures. */
export const hostileValue: fc.Arbitrary<JsonLike> = fc.oneof(
  { weight: 6, arbitrary: leaf },
  { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string()), leaf), {
        maxLength: 3,
      })
      .map((entries) => bareObject(entries)),
  },
  { weight: 1, arbitrary: pollutingObject },
  { weight: 1, arbitrary: fc.constantFrom(bareObject(), []) },
  { weight: 1, arbitrary: deepNesting },
);

/** A top-level body that is not an object. */
export const nonObjectBody: fc.Arbitrary<JsonLike> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  oddString,
  fc.array(hostileValue, { maxLength: 3 }),
  deepNesting,
);

/**
 * The `period_date` edges of issue 14 (years 0-99 that `Date.UTC` read as 1900-1999, years
 * before 1000 that Intl prints unpadded, year 0 that it prints as 1 BC) and the calendar's odd
 * days (leap days, Samoa's skipped 2011-12-30, São Paulo's midnight spring-forward).
 */
export const PERIOD_DATE_EDGES = [
  '0000-01-01',
  '0000-12-31',
  '0001-01-01',
  '0050-06-15',
  '0099-12-31',
  '0100-01-01',
  '0999-12-31',
  '1000-01-01',
  '1582-10-10',
  '1899-12-31',
  '1900-01-01',
  '1969-12-31',
  '1970-01-01',
  '1999-12-31',
  '2000-01-01',
  '2000-02-29',
  '2011-12-30',
  '2018-11-04',
  '2100-02-28',
  '9999-12-31',
] as const;

const DAY_MS = 86_400_000;
const YEAR_0 = Date.parse('0000-01-01T00:00:00.000Z');
const YEAR_9999_END = Date.parse('9999-12-31T00:00:00.000Z');

/** Any calendar day the contract's date format accepts: years 0000 to 9999. */
export const anyCalendarDay: fc.Arbitrary<string> = fc
  .integer({ min: 0, max: (YEAR_9999_END - YEAR_0) / DAY_MS })
  .map((days) => new Date(YEAR_0 + days * DAY_MS).toISOString().slice(0, 10));
