/**
 * Upload throughput: a realistic 12 MP phone JPEG (4000x3000, noisy, EXIF with GPS, ~4 MB)
 * uploaded over HTTP by concurrent uploaders, each upload from a fresh device (so each makes a
 * device account and the duplicate check never refuses). Prints throughput, latency and the
 * server's peak memory (VmHWM of its process, and the highest VmRSS sampled during the run).
 *
 *   npm run bench:upload -w bench      (UPLOADERS=8 ROUNDS=4 to change)
 */
import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { startYanzhi } from '../lib/process.js';
import { summarise } from '../lib/stats.js';

const uploaders = Number(process.env.UPLOADERS ?? 8);
const rounds = Number(process.env.ROUNDS ?? 4);

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** A smooth random colour field with gaussian grain on top: compresses like a real photo. */
async function phonePhoto(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const grid = Buffer.alloc(16 * 12 * 3).map(() => Math.floor(Math.random() * 256));
  const base = await sharp(grid, { raw: { width: 16, height: 12, channels: 3 } })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return sharp(base)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .withMetadata({ orientation: 1 })
    .withExif({
      IFD0: { Make: 'BenchCam', Model: 'B-12', Software: 'bench' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 2/1' },
    })
    .toBuffer();
}

function procStatus(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match?.[1] ? Number(match[1]) / 1024 : Number.NaN;
}

process.stdout.write('generating a 12 MP JPEG ...\n');
const photo = await phonePhoto();
const meta = await sharp(photo).metadata();

process.stdout.write('starting the server ...\n');
const server = await startYanzhi({
  SEED_DEMO: '0',
  RATE_LIMIT_UPLOADS_PER_HOUR_USER: '10000000',
  RATE_LIMIT_UPLOADS_PER_HOUR_IP: '10000000',
  RATE_LIMIT_NEW_IDS_PER_HOUR_IP: '10000000',
});
const pid = server.process.pid;
if (pid === undefined) throw new Error('no server pid');

try {
  const categories = (await (
    await fetch(`${server.url}/api/get_categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
  ).json()) as Envelope;
  const categoryId = (categories.data as { id: number }[])[0]?.id;
  if (categoryId === undefined) throw new Error('no category');

  const post = async (device: string): Promise<{ ms: number; envelope: Envelope }> => {
    const form = new FormData();
    form.append('category_id', String(categoryId));
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
    const started = performance.now();
    const response = await fetch(`${server.url}/api/upload_photo`, {
      method: 'POST',
      headers: { 'device-id': device },
      body: form,
    });
    const envelope = (await response.json()) as Envelope;
    return { ms: performance.now() - started, envelope };
  };

  // One warm-up upload: the first decode loads libvips' codecs.
  const warm = await post('web-bench-warmup');
  if (warm.envelope.code !== 0) throw new Error(`warm-up upload failed: ${warm.envelope.msg}`);
  const idleRss = procStatus(pid, 'VmRSS');

  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, procStatus(pid, 'VmRSS'));
  }, 50);

  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: uploaders }, async (_, uploader) => {
      for (let round = 0; round < rounds; round += 1) {
        const result = await post(`web-bench-${uploader}-${round}-${Date.now()}`);
        if (result.envelope.code === 0) latencies.push(result.ms);
        else errors += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const hwm = procStatus(pid, 'VmHWM');

  const megabytes = photo.length / 1024 / 1024;
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, SQLite, ${uploaders} concurrent uploaders x ` +
      `${rounds} rounds, ${meta.width}x${meta.height} JPEG of ${megabytes.toFixed(2)} MB with EXIF/GPS, ` +
      'a fresh device account per upload, client and server in separate processes',
  );
  console.table([summarise('upload_photo (12 MP JPEG)', latencies, elapsed, errors)]);
  console.log(
    `uploads per second: ${(latencies.length / elapsed).toFixed(2)}, ` +
      `input MB/s: ${((latencies.length * megabytes) / elapsed).toFixed(1)}`,
  );
  console.log(
    `server memory: idle after warm-up ${idleRss.toFixed(0)} MB RSS, ` +
      `peak sampled ${peakRss.toFixed(0)} MB RSS, VmHWM (peak over the process life) ${hwm.toFixed(0)} MB`,
  );
} finally {
  await server.stop();
}
