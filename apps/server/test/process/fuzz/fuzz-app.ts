import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ErrorCode, REPORT_REASONS, uploadPhotoResponseSchema } from '@yanzhi/contract';
import type { LightMyRequestResponse } from 'fastify';
import { photoJpeg, upload } from '../../fixtures/upload-client.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { categoryIds } from '../../support/arena.js';
import type { Dialect } from '../../support/database.js';
import type { FuzzContext, FuzzRequest } from './requests.js';

/** Limits so high that a 42900 never hides what the handler behind it would have done. */
export const UNLIMITED: Record<string, string> = Object.fromEntries(
  [
    'API_PER_MINUTE',
    'LOGIN_PER_MINUTE',
    'REFRESH_PER_MINUTE',
    'PAIRS_PER_MINUTE',
    'VOTES_PER_MINUTE_DEVICE',
    'VOTES_PER_MINUTE_USER',
    'VOTES_PER_MINUTE_IP',
    'UPLOADS_PER_HOUR_USER',
    'UPLOADS_PER_HOUR_IP',
    'REPORTS_PER_HOUR',
  ].map((name) => [`RATE_LIMIT_${name}`, '10000000']),
);

async function signIn(app: TestApp, sub: string) {
  const hostToken = app.hostToken(sub, { ttlSeconds: 86_400 });
  const login = await app.call('login_by_cookie', { cookie: hostToken });
  if (login.code !== 0) throw new Error(`login failed: ${login.msg}`);
  const data = login.data as { token: string; refresh_token: string };
  return { hostToken, token: data.token, refreshToken: data.refresh_token };
}

async function uploadOne(app: TestApp, token: string, categoryId: number, seed: number) {
  const result = await upload(
    app,
    { bytes: await photoJpeg(seed) },
    { category_id: String(categoryId) },
    { headers: { 'access-token': token } },
  );
  if (result.code !== 0) throw new Error(`upload failed: ${result.msg}`);
  return uploadPhotoResponseSchema.parse(result.data).photo.id;
}

/**
 * An app with two signed-in users, a photo each and a report, so the tables the calls touch
 * have rows for the checksum to watch.
 */
export async function createFuzzApp(
  dialect: Dialect,
): Promise<{ app: TestApp; context: FuzzContext }> {
  const app = await createTestApp(dialect, UNLIMITED);
  const [categoryId = 0] = await categoryIds(app);
  const owner = await signIn(app, 'fuzz-owner');
  const other = await signIn(app, 'fuzz-other');
  const photoId = await uploadOne(app, owner.token, categoryId, 1);
  const otherPhotoId = await uploadOne(app, other.token, categoryId, 2);
  const report = await app.call(
    'submit_photo_report',
    { photo_id: otherPhotoId, reason: REPORT_REASONS[0], notes: 'seed' },
    { 'access-token': owner.token },
  );
  if (report.code !== ErrorCode.OK) throw new Error(`report failed: ${report.msg}`);
  return {
    app,
    context: {
      categoryId,
      photoId,
      otherPhotoId,
      sessionToken: owner.token,
      refreshToken: owner.refreshToken,
      hostToken: owner.hostToken,
    },
  };
}

export function describeRequest(request: FuzzRequest): string {
  const payload = request.payload.toString('utf8');
  const shown =
    payload.length > 300 ? `${payload.slice(0, 300)}… (${payload.length} chars)` : payload;
  return `${request.kind} ${request.method} ${request.url} ${JSON.stringify(request.headers)} ${JSON.stringify(shown)}`;
}

/** What is wrong with the answer to a request that must be refused, or null. */
export function refusalProblem(response: LightMyRequestResponse): string | null {
  if (response.statusCode >= 500)
    return `HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `not JSON (HTTP ${response.statusCode}): ${response.body.slice(0, 300)}`;
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'not an envelope';
  const keys = Object.keys(body).sort().join(',');
  if (keys !== 'code,data,msg') return `envelope keys ${keys}`;
  const { code, msg } = body as { code: unknown; msg: unknown };
  if (typeof msg !== 'string' || msg === '') return 'envelope without msg';
  if (typeof code !== 'number' || code < 40000 || code > 42999) {
    return `code ${String(code)} (HTTP ${response.statusCode}): ${response.body.slice(0, 300)}`;
  }
  return null;
}

/** The fuzz app listening in a process of its own (fuzz-server.ts). */
export interface FuzzServer {
  url: string;
  context: FuzzContext;
  /** The number of frozen boards (leaderboard_snapshots rows), asked over IPC. */
  snapshots: () => Promise<number>;
  /** Asks it to close (dropping its database), then SIGKILL after 5 s: a hung one cannot. */
  stop: () => Promise<void>;
}

const fuzzServerEntry = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  'fuzz-server.ts',
);

export async function startFuzzServer(dialect: Dialect): Promise<FuzzServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', fuzzServerEntry, dialect],
    { stdio: ['ignore', 'pipe', 'inherit', 'ipc'], env: process.env },
  );
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    if (child.connected) child.send('stop');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  const lines = readline.createInterface({ input: child.stdout ?? Readable.from([]) });
  const first = await Promise.race([
    new Promise<string>((resolve) => lines.once('line', resolve)),
    exited.then(() => ''),
    new Promise<string>((resolve) =>
      setTimeout(() => {
        resolve('');
      }, 120_000).unref(),
    ),
  ]);
  lines.close();
  if (first === '') {
    await stop();
    throw new Error('the fuzz server did not start');
  }
  const { port, context } = JSON.parse(first) as { port: number; context: FuzzContext };
  const snapshots = () =>
    new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('no answer over IPC in 5 s'));
      }, 5000);
      child.once('message', (message: unknown) => {
        clearTimeout(timer);
        resolve((message as { snapshots: number }).snapshots);
      });
      child.send('snapshots');
    });
  return { url: `http://127.0.0.1:${port}`, context, snapshots, stop };
}
