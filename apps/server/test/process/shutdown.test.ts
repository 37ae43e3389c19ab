import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { spawnServer, waitForHealth } from '@yanzhi/dev-support';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { BackgroundJob, shutDown } from '../../src/shutdown.js';
import { multipartBody, photoJpeg } from '../fixtures/upload-client.js';
import { makeTempDir } from '../support/database.js';
import { serverArgs } from '../support/process.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Server {
  child: ChildProcess;
  port: number;
  output: string[];
  exited: Promise<number | null>;
}

async function startServer(dataDir: string, graceSeconds: number): Promise<Server> {
  const { child, url, port } = await spawnServer({
    args: serverArgs,
    env: {
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      SHUTDOWN_GRACE_SECONDS: String(graceSeconds),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
  // 'close': the exit code once its output has been read to the end, log lines included.
  const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
  try {
    await waitForHealth(url, child, 30_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return { child, port, output, exited };
}

async function waitForLog(server: Server, text: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (server.output.join('').includes(text)) return;
    await sleep(50);
  }
  throw new Error(`no "${text}" in the server's log`);
}

/** Tries a new TCP connection: the error code, or 'connected'. */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code ?? 'error');
    });
  });
}

/** An upload over a raw socket whose body the test sends in two halves, when it chooses. */
async function openUpload(port: number) {
  const { body, contentType } = await multipartBody(
    { bytes: await photoJpeg(11, 1200, 1600) },
    { category_id: '1' },
  );
  const socket = net.connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<string>((resolve) => {
    socket.once('close', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
  socket.on('error', () => undefined);
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST /api/upload_photo HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${body.length}\r\n` +
      `Device-Id: web-shutdown-test\r\nConnection: close\r\n\r\n`,
  );
  socket.write(body.subarray(0, half));
  return {
    finish: () => socket.write(body.subarray(half)),
    response: ended,
  };
}

describe('graceful shutdown of the real server', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM refuses new connections, finishes the upload in flight, exits 0', async () => {
    const dataDir = makeTempDir('yanzhi-shutdown-');
    dirs.push(dataDir);
    const server = await startServer(dataDir, 10);
    try {
      const upload = await openUpload(server.port);
      await sleep(300); // the server has the headers and half the body
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      await waitForLog(server, 'shutting down');
      // The listener closes right after the log line; the upload is still waiting for its body.
      let attempt = await tryConnect(server.port);
      for (let tries = 0; attempt === 'connected' && tries < 40; tries += 1) {
        await sleep(50);
        attempt = await tryConnect(server.port);
      }
      expect(attempt).toBe('ECONNREFUSED');

      upload.finish();
      const response = await upload.response;
      expect(response).toMatch(/^HTTP\/1\.1 200 /);
      const envelope = JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4)) as {
        code: number;
        data: { photo: { id: number } };
      };
      expect(envelope.code).toBe(0);
      expect(envelope.data.photo.id).toBeGreaterThan(0);

      expect(await server.exited).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(10_000);
      expect(server.output.join('')).toContain('"outcome":"drained"');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('cuts a request still open when the grace time is over, and exits 0', async () => {
    const dataDir = makeTempDir('yanzhi-shutdown-');
    dirs.push(dataDir);
    const server = await startServer(dataDir, 1);
    try {
      const upload = await openUpload(server.port); // never finished
      await sleep(300);
      const signalled = performance.now();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const elapsed = performance.now() - signalled;
      expect(elapsed).toBeGreaterThanOrEqual(900);
      expect(elapsed).toBeLessThan(5_000);
      expect(await upload.response).toBe('');
      expect(server.output.join('')).toContain('"outcome":"forced"');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});

/** A log for jobs that do not fail. */
const silent = { error: () => undefined };

describe('shutDown', () => {
  it('waits for a running job before closing the database', async () => {
    const events: string[] = [];
    const job = new BackgroundJob(silent, 'test job failed', async () => {
      await sleep(300);
      events.push('job done');
    });
    void job.run();
    const outcome = await shutDown({
      server: Fastify(),
      graceMs: 5_000,
      jobs: [job],
      closeDatabase: () => {
        events.push('database closed');
        return Promise.resolve();
      },
    });
    expect(outcome).toBe('drained');
    expect(events).toEqual(['job done', 'database closed']);
  });

  it('abandons a job that outlasts the grace time', async () => {
    const events: string[] = [];
    const job = new BackgroundJob(silent, 'test job failed', async () => {
      await sleep(3_000);
      events.push('job done');
    });
    void job.run();
    const started = performance.now();
    const outcome = await shutDown({
      server: Fastify({ logger: false }),
      graceMs: 200,
      jobs: [job],
      closeDatabase: () => {
        events.push('database closed');
        return Promise.resolve();
      },
    });
    expect(outcome).toBe('forced');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(events).toEqual(['database closed']);
  });
});

describe('BackgroundJob', () => {
  it('logs a failed run with its error, and the next run starts as usual', async () => {
    const logged: { fields: unknown; message: string }[] = [];
    const log = {
      error: (fields: unknown, message: string) => {
        logged.push({ fields, message });
      },
    };
    let runs = 0;
    const job = new BackgroundJob(log, 'arena refit failed', () => {
      runs++;
      return runs === 1 ? Promise.reject(new Error('disk full')) : Promise.resolve();
    });
    await job.run();
    await job.run();
    expect(runs).toBe(2);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.message).toBe('arena refit failed');
    expect(logged[0]?.fields).toEqual({ err: new Error('disk full') });
  });
});
