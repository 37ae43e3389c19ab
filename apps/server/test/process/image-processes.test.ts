import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { StagedFileRef } from '../../src/lib/uploaded-file.js';
import { ImageProcessPool } from '../../src/repositories/image-processes.js';
import { UnreadableImageError } from '../../src/repositories/image.repository.js';
import { UploadStagingRepository } from '../../src/repositories/upload-staging.repository.js';

const staging = new UploadStagingRepository(
  fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-image-processes-')),
);
afterAll(() => staging.close());

/** The bytes staged as an upload is: what a job names. */
async function staged(bytes: Buffer): Promise<StagedFileRef> {
  return (await staging.stage(Readable.from([bytes]))).ref;
}

/** A 600x800 JPEG with a gradient, so every variant has something to encode. */
async function photo(): Promise<Buffer> {
  const width = 600;
  const height = 800;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = index % 251;
    pixels[index * 3 + 1] = Math.floor(index / width) % 256;
    pixels[index * 3 + 2] = 90;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

/** The niceness of every thread of a process, from /proc (Linux). */
function threadNiceness(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((thread) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${thread}/stat`, 'utf8');
    // Fields after the parenthesised command name; niceness is field 19 of stat.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[16]);
  });
}

let pool: ImageProcessPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('the image processes (ADR 0019)', () => {
  it('render the variants in another process, every thread of it below the server', async () => {
    pool = new ImageProcessPool({ processes: 1, nice: 12 });
    const rendered = await pool.render(await staged(await photo()));
    expect(rendered.width).toBe(720);
    expect(rendered.height).toBe(960);
    expect((await sharp(rendered.display).metadata()).format).toBe('webp');
    expect((await sharp(rendered.medium).metadata()).width).toBe(480);
    expect((await sharp(rendered.thumb).metadata()).width).toBe(240);
    expect(rendered.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(rendered.phash).toMatch(/^[0-9a-f]{16}$/);

    const [pid] = pool.pids;
    expect(pid).toBeDefined();
    expect(pid).not.toBe(process.pid);
    const niceness = threadNiceness(pid ?? 0);
    expect(niceness.length).toBeGreaterThan(1);
    expect(new Set(niceness)).toEqual(new Set([12]));
  });

  it('answer concurrent jobs in turn with one process, each with its own image', async () => {
    pool = new ImageProcessPool({ processes: 1, nice: 10 });
    const image = await photo();
    const input = await staged(image);
    const flipped = await staged(await sharp(image).flop().jpeg().toBuffer());
    const [first, second, third] = await Promise.all([
      pool.render(input),
      pool.render(flipped),
      pool.render(input),
    ]);
    expect(third.phash).toBe(first.phash);
    expect(second.phash).not.toBe(first.phash);
    expect(pool.pids).toHaveLength(1);
  });

  it('refuse damaged pixel data as unreadable, and go on working', async () => {
    pool = new ImageProcessPool({ processes: 1, nice: 10 });
    const image = await photo();
    const input = await staged(image);
    const damaged = await staged(
      Buffer.concat([image.subarray(0, 2000), Buffer.alloc(4000, 0x55)]),
    );
    await expect(pool.render(damaged)).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(pool.render(input)).resolves.toMatchObject({ width: 720 });
  });

  it('refuse the job whose process died, then start a new process for the next', async () => {
    pool = new ImageProcessPool({ processes: 1, nice: 10 });
    const input = await staged(await photo());
    await pool.render(input);
    const [first] = pool.pids;
    const running = pool.render(input);
    process.kill(first ?? 0, 'SIGKILL');
    await expect(running).rejects.toBeInstanceOf(UnreadableImageError);
    await expect(pool.render(input)).resolves.toMatchObject({ width: 720 });
    expect(pool.pids).toHaveLength(1);
    expect(pool.pids[0]).not.toBe(first);
  });

  it('kill a job that runs past its time limit', async () => {
    pool = new ImageProcessPool({ processes: 1, nice: 10, timeoutMs: 1 });
    await expect(pool.render(await staged(await photo()))).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
  });

  it('all start on the first job, so a burst of uploads never waits for one to start', async () => {
    pool = new ImageProcessPool({ processes: 2, nice: 10 });
    await pool.render(await staged(await photo()));
    expect(pool.pids).toHaveLength(2);
  });

  it('refuse a job whose staged file is gone as a failure, not as an unreadable image', async () => {
    pool = new ImageProcessPool({ processes: 1, nice: 10 });
    const input = await staged(await photo());
    fs.rmSync(input.path);
    const refused = await pool.render(input).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(UnreadableImageError);
    await expect(pool.render(await staged(await photo()))).resolves.toMatchObject({ width: 720 });
  });

  it('stop their processes on close and refuse later jobs', async () => {
    pool = new ImageProcessPool({ processes: 2, nice: 10 });
    const input = await staged(await photo());
    await Promise.all([pool.render(input), pool.render(input)]);
    const pids = pool.pids;
    expect(pids).toHaveLength(2);
    await pool.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    await expect(pool.render(input)).rejects.toThrow(/stopped/);
  });
});
