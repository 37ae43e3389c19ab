import { randomBytes } from 'node:crypto';
import { API, CALL_NAMES, REPORT_REASONS, type CallName, type CallRequest } from '@yanzhi/contract';
import fc from 'fast-check';
import { z } from 'zod';
import {
  POLLUTION_KEYS,
  bareObject,
  hostileValue,
  nonObjectBody,
  oddString,
  toJsonText,
  type JsonLike,
  type JsonObject,
} from './hostile-values.js';
import { identityBodies } from './identity-bodies.js';
import { jsonBodyRefused, multipartRefused, type MultipartParts } from './oracle.js';

/** What a signed-in fuzz run knows about its database. */
export interface FuzzContext {
  categoryId: number;
  photoId: number;
  otherPhotoId: number;
  sessionToken: string;
  refreshToken: string;
  hostToken: string;
}

export interface FuzzRequest {
  kind: string;
  call: CallName;
  method: 'POST' | 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload: Buffer;
  /** Judged by the oracle; the arbitrary below only yields refused requests. */
  refused: boolean;
}

/** A valid body per call: the starting point every mutation breaks. */
function validBodies(c: FuzzContext): { [N in CallName]: CallRequest<N> } {
  return {
    get_categories: {},
    get_leaderboard: { category_id: c.categoryId, period_type: 'week', page: 1, page_size: 20 },
    get_random_photos_for_rating: { category_id: c.categoryId, anonymous_id: 'web-fuzz' },
    submit_photo_rating: {
      winner_photo_id: c.photoId,
      loser_photo_id: c.otherPhotoId,
      anonymous_id: 'web-fuzz',
      pair_id: 'pair-fuzz',
    },
    submit_photo_report: { photo_id: c.otherPhotoId, reason: REPORT_REASONS[0], notes: 'fuzz' },
    get_user_vote_stats: { anonymous_id: 'web-fuzz' },
    delete_photo: { photo_id: c.photoId },
    login_by_cookie: { cookie: c.hostToken },
    get_user_info: { token: c.sessionToken },
    gen_share_image: { photo_id: c.photoId, period_type: 'day', lang: 'en' },
    refresh_session: { refresh_token: c.refreshToken },
    sign_out: {},
    upload_photo: { category_id: String(c.categoryId) },
    get_my_photos: { page: 1, page_size: 10 },
    get_photo: { photo_id: c.otherPhotoId },
    get_photo_news: { mark_seen: true },
    boost_photo: { photo_id: c.photoId, exposures: 1 },
    get_photo_history: { photo_id: c.photoId },
    delete_account: {},
    get_moderation_queue: { page: 1 },
    moderate_photo: { photo_id: c.otherPhotoId, decision: 'keep', reason: 'fuzz' },
    unban_user: { target_user_id: 1, reason: 'fuzz' },
    ...identityBodies(),
  };
}

function fieldsOf(call: CallName): string[] {
  const schema: z.ZodType = API[call].request;
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

type Mutation = (body: JsonObject) => void;

function mutationArb(fields: string[]): fc.Arbitrary<Mutation> {
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant('page');
  const extraKey = fc.oneof(fc.constantFrom(...POLLUTION_KEYS, 'user_id', 'id'), fc.string());
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(field, hostileValue).map(
        ([k, v]) =>
          (b: JsonObject) =>
            void (b[k] = v),
      ),
    },
    {
      weight: 2,
      arbitrary: field.map((k) => (b: JsonObject) => {
        Reflect.deleteProperty(b, k);
      }),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(extraKey, hostileValue).map(
        ([k, v]) =>
          (b: JsonObject) =>
            void (b[k] = v),
      ),
    },
  );
}

function jsonBodyArb(call: CallName, base: JsonLike): fc.Arbitrary<JsonLike> {
  const mutated = fc
    .array(mutationArb(fieldsOf(call)), { minLength: 1, maxLength: 3 })
    .map((mutations) => {
      const body = bareObject(Object.entries(base as JsonObject));
      for (const mutate of mutations) mutate(body);
      return body;
    });
  return fc.oneof({ weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: nonObjectBody });
}

const INVALID_UTF8 = [
  [0xff],
  [0xc3, 0x28],
  [0xed, 0xa0, 0x80],
  [0xc0, 0xaf],
  [0xe2, 0x82],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
];

const BREAKS = ['truncated', 'invalid-utf8', 'empty', 'huge'] as const;

/** The bytes of a JSON text broken one way; `n` picks where. */
function breakBytes(
  text: string,
  kind: (typeof BREAKS)[number],
  n: number,
  bad: readonly number[],
  bodyLimit: number,
): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  switch (kind) {
    case 'truncated':
      return bytes.subarray(0, n % Math.max(1, bytes.length));
    case 'invalid-utf8': {
      // Right after a quote, so the bad bytes mostly land inside a string or a key.
      const quotes: number[] = [];
      for (let at = text.indexOf('"'); at >= 0; at = text.indexOf('"', at + 1)) quotes.push(at);
      const quote = quotes[n % Math.max(1, quotes.length)];
      const offset = quote === undefined ? 0 : Buffer.byteLength(text.slice(0, quote + 1));
      return Buffer.concat([bytes.subarray(0, offset), Buffer.from(bad), bytes.subarray(offset)]);
    }
    case 'empty':
      return Buffer.from(n % 2 === 0 ? '' : ' \n\t ');
    case 'huge':
      return Buffer.from(`{"cookie":"${'x'.repeat(bodyLimit + 1 + (n % 65_536))}"}`);
  }
}

const WRONG_JSON_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'image/jpeg',
  'application/jsonx',
  'multipart/form-data',
  'multipart/form-data; boundary=',
] as const;

/** The bytes of the closing boundary line `--boundary--\r\n`. */
function closingLength(contentType: string): number {
  return contentType.length - contentType.indexOf('=') - 1 + 6;
}

function multipartBytes(
  parts: MultipartParts,
  fileBytes: Buffer,
): { contentType: string; bytes: Buffer } {
  const boundary = `----fuzz${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts.fields) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (let index = 0; index < parts.files; index += 1) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
      ),
      fileBytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, bytes: Buffer.concat(chunks) };
}

const JUNK_FILES: Buffer[] = [
  Buffer.alloc(0),
  Buffer.from('not an image'),
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('89504e470d0a1a0a0000000d4948445200', 'hex'),
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
  Buffer.from('GIF89a\u0001\u0000\u0001\u0000'),
];

function multipartArb(
  call: CallName,
  base: JsonObject,
): fc.Arbitrary<MultipartParts & { file: Buffer; truncate: number | null }> {
  const names = fc.oneof(
    fc.constantFrom(...fieldsOf(call), ...POLLUTION_KEYS, 'toString', 'anonymous_id', 'token'),
    fc.stringMatching(/^[a-z_]{1,12}$/),
  );
  // Under the plugin's 1 KB field limit, which would cut a value rather than refuse it.
  const value = fc
    .oneof(
      hostileValue.map((v) => (typeof v === 'string' ? v : toJsonText(v))),
      oddString,
    )
    .map((v) => v.slice(0, 300).replaceAll('--', '-'));
  const baseFields = Object.entries(base).map(([k, v]): [string, string] => [
    k,
    typeof v === 'string' ? v : toJsonText(v),
  ]);
  return fc
    .record({
      kept: fc.subarray(baseFields),
      extra: fc.array(fc.tuple(names, value), { maxLength: 3 }),
      files: fc.constantFrom(0, 1, 1, 2),
      file: fc.constantFrom(...JUNK_FILES),
      truncate: fc.option(fc.nat(), { freq: 6 }),
    })
    .map(({ kept, extra, files, file, truncate }) => ({
      fields: [...kept, ...extra],
      files,
      file,
      truncate,
    }));
}

const header = fc
  .string({ unit: 'binary-ascii', maxLength: 80 })
  .map((value) => value.replace(/[^\x20-\x7e]/g, ''));

function headersArb(c: FuzzContext): fc.Arbitrary<Record<string, string>> {
  return fc
    .record({
      auth: fc.constantFrom('anonymous', 'session', 'session', 'host', 'garbage'),
      garbage: header,
      language: fc.constantFrom('en', 'zh-CN', '*', 'xx;q=abc', ',,;', 'en;q=NaN'),
      device: fc.option(header),
    })
    .map(({ auth, garbage, language, device }) => {
      const headers: Record<string, string> = { 'accept-language': language };
      if (device !== null) headers['device-id'] = device;
      if (auth === 'session') headers['access-token'] = c.sessionToken;
      if (auth === 'host') headers['access-token'] = c.hostToken;
      if (auth === 'garbage') headers['access-token'] = garbage || 'at_fuzz';
      return headers;
    });
}

const WRONG_METHODS = ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

const QUERY_POLLUTION = [
  '',
  '',
  '?__proto__[fuzzPolluted]=1',
  '?constructor[prototype][fuzzPolluted]=1',
  '?a=%ZZ',
  '?page=-1&page=2',
];

type Common = { headers: Record<string, string>; query: string };

/** Every way the fuzzer breaks one call, each judged refused by the oracle. */
function callRequestArb(
  call: CallName,
  c: FuzzContext,
  bodyLimit: number,
): fc.Arbitrary<FuzzRequest> {
  const base = bareObject(Object.entries(validBodies(c)[call]));
  const path: string = API[call].path;
  const common = fc.record({ headers: headersArb(c), query: fc.constantFrom(...QUERY_POLLUTION) });
  const build =
    (kind: string, contentType: string | null, payload: Buffer, url = path) =>
    ({ headers, query }: Common): FuzzRequest => ({
      kind,
      call,
      method: 'POST',
      url: url + query,
      headers: contentType === null ? headers : { ...headers, 'content-type': contentType },
      payload,
      refused: true,
    });
  const json = jsonBodyArb(call, base).map(toJsonText);

  const jsonRequest = fc
    .tuple(
      json.map((text) => Buffer.from(text)).filter((bytes) => jsonBodyRefused(call, bytes)),
      common,
    )
    .map(([bytes, rest]) => build('json', 'application/json', bytes)(rest));
  const brokenRequest = fc
    .tuple(json, fc.constantFrom(...BREAKS), fc.nat(), fc.constantFrom(...INVALID_UTF8))
    .map(([text, kind, n, bad]) => ({ kind, bytes: breakBytes(text, kind, n, bad, bodyLimit) }))
    .filter(({ kind, bytes }) => kind === 'huge' || jsonBodyRefused(call, bytes))
    .chain(({ kind, bytes }) => common.map(build(kind, 'application/json', bytes)));
  const contentTypeRequest = fc
    .tuple(json, fc.constantFrom<string | null>(...WRONG_JSON_TYPES, null), common)
    .map(([text, type, rest]) => build('content-type', type, Buffer.from(text))(rest));
  const multipartRequest = multipartArb(call, base)
    .map(({ fields, files, file, truncate }) => {
      const { contentType, bytes } = multipartBytes({ fields, files }, file);
      if (truncate === null) {
        return {
          refused: multipartRefused(call, { fields, files }),
          contentType,
          bytes,
          kind: 'multipart',
        };
      }
      return {
        refused: true,
        contentType,
        // Cut inside the form: a form missing only its last CRLF is still whole, and an empty
        // body reads as an empty form (as an empty JSON body reads as {}).
        bytes: bytes.subarray(
          0,
          1 + (truncate % Math.max(1, bytes.length - closingLength(contentType) - 1)),
        ),
        kind: 'multipart-truncated',
      };
    })
    .filter(({ refused }) => refused)
    .chain(({ kind, contentType, bytes }) => common.map(build(kind, contentType, bytes)));
  const methodRequest = fc
    .tuple(fc.constantFrom(...WRONG_METHODS), json, common)
    .map(([method, text, rest]) => ({
      ...build('method', 'application/json', Buffer.from(text))(rest),
      method,
    }));
  const pathRequest = fc
    .tuple(
      fc.constantFrom(
        `${path}/`,
        `${path}/x`,
        `/api//${call}`,
        `${path}%00`,
        `${path}.json`,
        `/api/${call}%2F`,
      ),
      common,
    )
    .map(([url, rest]) =>
      build('path', 'application/json', Buffer.from(toJsonText(base)), url)({ ...rest, query: '' }),
    );
  return fc.oneof(
    { weight: 6, arbitrary: jsonRequest },
    { weight: 3, arbitrary: brokenRequest },
    { weight: 2, arbitrary: contentTypeRequest },
    { weight: 2, arbitrary: multipartRequest },
    { weight: 1, arbitrary: methodRequest },
    { weight: 1, arbitrary: pathRequest },
  );
}

/** One hostile request to any call of the API; the oracle judges every one refused. */
export function hostileRequestArb(c: FuzzContext, bodyLimit: number): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(...CALL_NAMES.map((call) => callRequestArb(call, c, bodyLimit)));
}
