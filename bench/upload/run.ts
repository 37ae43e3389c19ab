/**
 * Upload throughput: a realistic 12 MP phone JPEG (4000x3000, noisy, EXIF with GPS, ~4 MB)
 * uploaded over HTTP by concurrent uploaders, each upload from a fresh device (so each makes a
 * device account and the duplicate check never refuses), to the server bundled as `npm start`
 * runs it. Prints throughput, latency, the CPU each upload cost the server and its image
 * processes (ADR 0019), and peak memory: the server's (VmHWM, and the highest VmRSS sampled)
 * and the server's with its image processes together (the highest sum sampled).
 *
 *   npm run bench:upload -w bench      (UPLOADERS=8 ROUNDS=4 to change; IMAGE_PROCESSES=N;
 *                                       PROFILE=1 for the server's CPU profile in bench/dist/profiles)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { repoRoot } from '../lib/process.js';
import { bundleServer, KillableServer, UNLIMITED_RATES } from '../lib/server-process.js';
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

/** The parent of a process, from /proc (0 when it has gone meanwhile). */
function parentOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** CPU time a process has used so far, in ms (utime + stime of /proc/<pid>/stat, 100 ticks/s). */
function cpuMsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The command name of a process ('' when it has gone). */
function commandOf(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${String(pid)}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/**
 * The server and its image processes (ADR 0019): the node processes of its process tree. The
 * tree also holds tsx's esbuild services, there only because the bench runs the TypeScript.
 */
function serverProcesses(root: number): number[] {
  return descendants(root).filter((pid) => commandOf(pid) === 'node');
}

/** A process and its descendants. */
function descendants(root: number): number[] {
  const pids = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
  const children = new Map<number, number[]>();
  for (const pid of pids) {
    const parent = parentOf(pid);
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree = [root];
  for (let at = 0; at < tree.length; at += 1) tree.push(...(children.get(tree[at] ?? 0) ?? []));
  return tree;
}

/** The resident memory of the given processes together, in MB. */
function treeRss(pids: readonly number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const value = procStatus(pid, 'VmRSS');
      if (Number.isFinite(value)) total += value;
    } catch {
      // gone since the listing
    }
  }
  return total;
}

process.stdout.write('generating a 12 MP JPEG ...\n');
const photo = await phonePhoto();
const meta = await sharp(photo).metadata();

// PROFILE=1: the server (not its image processes) writes a V8 CPU profile when it exits.
const profileDir = path.join(repoRoot, 'bench/dist/profiles');
const profileArgs = process.env.PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
process.stdout.write('bundling and starting the server ...\n');
// Bundled as `npm start` runs it: under tsx, every process would also carry the TypeScript
// loader and an esbuild service, and their memory is not the product's.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yanzhi-bench-upload-'));
const server = await KillableServer.create(
  {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
    ...UNLIMITED_RATES,
    ...(process.env.IMAGE_PROCESSES ? { IMAGE_PROCESSES: process.env.IMAGE_PROCESSES } : {}),
  },
  path.join(dataDir, '..', `${path.basename(dataDir)}.log`),
  { ...(await bundleServer()), nodeArgs: profileArgs },
);
await server.start(120_000);
const pid = server.pid;
if (pid === null) throw new Error('no server pid');

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

  // The form is encoded once: every upload sends the same bytes, and re-encoding 4 MB per upload
  // cost this bench's client about 25 ms of CPU an upload on the cores the server needs.
  const form = new FormData();
  form.append('category_id', String(categoryId));
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'IMG_0001.jpg');
  const encoded = new Request(`${server.url}/api/upload_photo`, { method: 'POST', body: form });
  const formType = encoded.headers.get('content-type');
  if (formType === null) throw new Error('the encoded form has no content type');
  const formBytes = new Uint8Array(await encoded.arrayBuffer());

  const post = async (device: string): Promise<{ ms: number; envelope: Envelope }> => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/upload_photo`, {
      method: 'POST',
      headers: { 'device-id': device, 'content-type': formType },
      body: formBytes,
    });
    const envelope = (await response.json()) as Envelope;
    return { ms: performance.now() - started, envelope };
  };

  // One warm-up upload: the first decode loads libvips' codecs.
  const warm = await post('web-bench-warmup');
  if (warm.envelope.code !== 0) throw new Error(`warm-up upload failed: ${warm.envelope.msg}`);
  const idleRss = procStatus(pid, 'VmRSS');
  // Listing the tree reads every process's /proc entry: it is refreshed each second (an image
  // process may be restarted), and memory is sampled every 50 ms from the listed ones only.
  let tree = serverProcesses(pid);
  const idleTreeRss = treeRss(tree);

  let peakRss = idleRss;
  let peakTreeRss = idleTreeRss;
  let samples = 0;
  const sampler = setInterval(() => {
    samples += 1;
    if (samples % 20 === 0) tree = serverProcesses(pid);
    peakRss = Math.max(peakRss, procStatus(pid, 'VmRSS'));
    peakTreeRss = Math.max(peakTreeRss, treeRss(tree));
  }, 50);

  // CPU of each server process before the run (an image process started during it counts from 0).
  const cpuBefore = new Map(serverProcesses(pid).map((each) => [each, cpuMsOf(each)]));
  const latencies: number[] = [];
  let errors = 0;
  const clientCpuBefore = process.cpuUsage();
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
  const clientCpu = process.cpuUsage(clientCpuBefore);
  clearInterval(sampler);
  const hwm = procStatus(pid, 'VmHWM');
  const cpuUsed = (each: number) => cpuMsOf(each) - (cpuBefore.get(each) ?? 0);
  const serverCpu = cpuUsed(pid);
  const imageCpu = serverProcesses(pid)
    .filter((each) => each !== pid)
    .reduce((sum, each) => sum + cpuUsed(each), 0);

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
  const uploads = latencies.length + errors;
  console.log(
    `CPU per upload: server ${(serverCpu / uploads).toFixed(0)} ms, ` +
      `image processes ${(imageCpu / uploads).toFixed(0)} ms; on the same cores, this bench's ` +
      `client ${((clientCpu.user + clientCpu.system) / 1000 / uploads).toFixed(0)} ms`,
  );
  console.log(
    `with its ${String(serverProcesses(pid).length - 1)} image process(es): idle ${idleTreeRss.toFixed(0)} MB RSS, ` +
      `peak sampled ${peakTreeRss.toFixed(0)} MB RSS`,
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
