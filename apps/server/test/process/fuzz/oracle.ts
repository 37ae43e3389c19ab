import { API, type CallName } from '@yanzhi/contract';

/**
 * Whether the server must refuse a request, judged from the contract alone: the fuzzer sends
 * only requests this says are refused, so any success (or change of state) is a finding.
 */

/** The keys the JSON parser refuses (Fastify's secure-json-parse, protoAction/constructorAction). */
export function hasForbiddenKey(root: unknown): boolean {
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.hasOwn(node, '__proto__')) return true;
    const ctor: unknown = Object.hasOwn(node, 'constructor')
      ? (node as { constructor: unknown }).constructor
      : undefined;
    if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) return true;
    pending.push(...(Object.values(node) as unknown[]));
  }
  return false;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

export function isValidUtf8(bytes: Buffer): boolean {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A JSON body (as the bytes sent with `content-type: application/json`). */
export function jsonBodyRefused(call: CallName, bytes: Buffer): boolean {
  if (API[call].body === 'multipart') return true;
  if (!isValidUtf8(bytes)) return true;
  const text = bytes.toString('utf8');
  // The spec's client sends a JSON content type with no body: that is an empty object.
  if (text.trim() === '') return !API[call].request.safeParse({}).success;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return true;
  }
  if (hasForbiddenKey(value)) return true;
  return !API[call].request.safeParse(value).success;
}

export interface MultipartParts {
  fields: [string, string][];
  files: number;
}

/** A well-formed multipart body; every file the fuzzer sends is junk, so any file is refused. */
export function multipartRefused(call: CallName, parts: MultipartParts): boolean {
  if (API[call].body === 'json') return true;
  if (parts.fields.some(([name]) => name in Object.prototype)) return true;
  if (parts.files > 0 || call === 'upload_photo') return true;
  return !API[call].request.safeParse(Object.fromEntries(parts.fields)).success;
}
