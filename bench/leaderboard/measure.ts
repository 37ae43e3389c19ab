/**
 * Drives get_leaderboard over HTTP: a fixed number of requests one after another, then the same
 * number spread over concurrent connections. Answers are checked, not just timed.
 */
import fs from 'node:fs';
import type { Envelope, Leaderboard } from '@yanzhi/contract';
import autocannon from 'autocannon';
import { percentile } from '../lib/stats.js';

export const TARGET_P99_MS = 50;

export interface BoardCall {
  label: string;
  body: Record<string, unknown>;
  token?: string;
  /** Null when the answer is right, else what is wrong with it. */
  check: (board: Leaderboard) => string | null;
}

export interface Run {
  latencies: number[];
  seconds: number;
  /** Answers that failed, timed out or did not carry code 0. */
  failed: number;
  /** Server CPU (user + system) per request, ms. */
  serverCpuMs: number;
  /** The time limit (s) when the run hit it before its request count, else null. */
  cappedAt: number | null;
}

export async function post<T>(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ ms: number; envelope: Envelope<T | null> }> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { 'access-token': token }),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T | null>;
  return { ms: performance.now() - started, envelope };
}

/** One request: its latency, and an error string when the answer is refused or wrong. */
export async function callBoard(
  baseUrl: string,
  call: BoardCall,
): Promise<{ ms: number; error: string | null; board: Leaderboard | null }> {
  const { ms, envelope } = await post<Leaderboard>(
    `${baseUrl}/api/get_leaderboard`,
    call.body,
    call.token,
  );
  if (envelope.code !== 0 || envelope.data === null) {
    return { ms, error: `code ${envelope.code}: ${envelope.msg}`, board: null };
  }
  return { ms, error: call.check(envelope.data), board: envelope.data };
}

export interface RunLimits {
  requests: number;
  connections: number;
  /** A run stops issuing requests after this long (a very slow board would take hours). */
  maxSeconds: number;
  serverPid: number;
}

/** Up to `count` calls one after another (at most `seconds`), each answer checked in full. */
export async function checkCalls(
  baseUrl: string,
  call: BoardCall,
  count: number,
  seconds: number,
): Promise<string[]> {
  const errors: string[] = [];
  const deadline = performance.now() + seconds * 1000;
  for (let index = 0; index < count && performance.now() < deadline; index += 1) {
    const { error } = await callBoard(baseUrl, call);
    if (error !== null) errors.push(error);
  }
  return errors;
}

/**
 * `requests` calls over `connections` keep-alive connections (1: strictly sequential), driven
 * by autocannon so the client costs little CPU beside the server on a small machine. Latency
 * is autocannon's, from writing the request to the last byte of the answer; every answer's
 * envelope must say code 0.
 */
export async function runCalls(baseUrl: string, call: BoardCall, limits: RunLimits): Promise<Run> {
  const latencies: number[] = [];
  const cpuBefore = serverCpuMs(limits.serverPid);
  const started = performance.now();
  const instance = autocannon({
    url: `${baseUrl}/api/get_leaderboard`,
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(call.token === undefined ? {} : { 'access-token': call.token }),
    },
    body: JSON.stringify(call.body),
    connections: limits.connections,
    amount: limits.requests,
    timeout: 600,
    verifyBody: (body) => body.startsWith('{"code":0,'),
  });
  // autocannon settles on its once-a-second tick: time the run by its last answer instead.
  let lastAnswer = started;
  instance.on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
    lastAnswer = performance.now();
  });
  const cap = setTimeout(() => {
    instance.stop();
  }, limits.maxSeconds * 1000);
  const result = await instance;
  clearTimeout(cap);
  const cpu = serverCpuMs(limits.serverPid) - cpuBefore;
  await waitUntilIdle(baseUrl);
  const failed = result.errors + result.timeouts + result.mismatches + result.non2xx;
  return {
    latencies,
    seconds: (lastAnswer - started) / 1000,
    failed,
    serverCpuMs: cpu / Math.max(1, latencies.length),
    cappedAt: latencies.length < limits.requests ? limits.maxSeconds : null,
  };
}

/**
 * Waits until the server answers /healthz promptly again: a run stopped at its time limit can
 * leave requests queued in the server, which would otherwise be billed to the next run.
 */
export async function waitUntilIdle(baseUrl: string, timeoutSeconds = 300): Promise<void> {
  const deadline = performance.now() + timeoutSeconds * 1000;
  while (performance.now() < deadline) {
    const started = performance.now();
    await fetch(`${baseUrl}/healthz`);
    if (performance.now() - started < 20) return;
  }
  throw new Error(`the server stayed busy for ${timeoutSeconds} s`);
}

/** CPU time the process has used so far (utime + stime of /proc/PID/stat, 100 ticks a second). */
function serverCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One table row: throughput, percentiles in ms, requests slower than the target, errors. */
export function latencyRow(label: string, mode: string, run: Run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  const p99 = percentile(sorted, 99);
  return {
    board: label,
    mode,
    requests: run.cappedAt === null ? sorted.length : `${sorted.length} (${run.cappedAt} s limit)`,
    'req/s': Math.round(sorted.length / run.seconds),
    'p50 ms': round(percentile(sorted, 50)),
    'p99 ms': round(p99),
    'p99.9 ms': round(percentile(sorted, 99.9)),
    'max ms': round(sorted.at(-1) ?? Number.NaN),
    [`>${TARGET_P99_MS} ms`]: sorted.filter((ms) => ms > TARGET_P99_MS).length,
    'server CPU ms/req': round(run.serverCpuMs),
    errors: run.failed,
    'p99 ok': p99 < TARGET_P99_MS ? 'yes' : 'NO',
  };
}

/** The server's resident memory (VmRSS) and its peak so far (VmHWM), in MB. */
export function serverMemory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
  };
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}
