import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StagedFileRef } from '../lib/uploaded-file.js';
import { UnreadableImageError, type RenderedPhoto } from './image.repository.js';

/** Renders an uploaded image's variants; the server's renderer runs them in image processes. */
export interface PhotoRenderer {
  /** The staged upload is read by the image process itself: its bytes never pass the server. */
  render(file: StagedFileRef): Promise<RenderedPhoto>;
  /** Stops whatever the renderer started; jobs still waiting are refused. */
  close(): Promise<void>;
}

/** One request to an image process. */
export interface ImageJob {
  id: number;
  file: StagedFileRef;
}

/** Its answer: the rendered variants, or why there are none. */
export type ImageJobResult =
  | { ready: true }
  | { id: number; ok: true; photo: RenderedPhoto }
  | { id: number; ok: false; unreadable: boolean; message: string };

export interface ImageProcessOptions {
  /** How many image processes may run at once (each renders one image at a time). */
  processes: number;
  /** Their niceness, 0-19: how much CPU they yield to the server under contention. */
  nice: number;
  /** A job running longer than this is hostile input: its process is killed. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * The image process's entry: bundled, `image.worker.js` next to the bundle in dist/ (an entry of
 * build.mjs and bench/lib/server-process.ts); from TypeScript (tsx, vitest), the source under
 * tsx's loader.
 */
function workerEntry(): { file: string; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('./image.worker.js', import.meta.url)), execArgv: [] };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    file: fileURLToPath(new URL('../workers/image.worker.ts', import.meta.url)),
    execArgv: ['--import', tsx, '--conditions=source'],
  };
}

interface Job {
  id: number;
  file: StagedFileRef;
  resolve: (photo: RenderedPhoto) => void;
  reject: (error: Error) => void;
}

/** One child process and the job it is running, if any. */
interface Slot {
  child: ChildProcess;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** It has loaded sharp: from now on a death is the image's doing, not a failed start. */
  ready: boolean;
}

/**
 * Runs the sharp pipeline in child processes at a lower priority (ADR 0019). They all start on
 * the first job and stay; one that dies is replaced on the next job. A job whose process dies
 * or times out is refused as unreadable: the image is what brought it down.
 */
export class ImageProcessPool implements PhotoRenderer {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;
  private readonly timeoutMs: number;

  constructor(private readonly options: ImageProcessOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The process ids now running (tests and diagnostics). */
  get pids(): number[] {
    return this.slots.flatMap((slot) => (slot.child.pid === undefined ? [] : [slot.child.pid]));
  }

  render(file: StagedFileRef): Promise<RenderedPhoto> {
    if (this.closed) return Promise.reject(new Error('the image processes are stopped'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, file, resolve, reject });
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) {
      job.reject(new Error('the image processes are stopped'));
    }
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (slot.child.exitCode !== null || slot.child.signalCode !== null) {
              resolve();
              return;
            }
            slot.child.once('exit', () => {
              resolve();
            });
            // An idle process is unref'd: without this the server could end before hearing of it.
            slot.child.ref();
            slot.child.kill('SIGKILL');
          }),
      ),
    );
  }

  private dispatch(): void {
    // Uploads come in bursts: the first job starts every process, so the next ones do not each
    // wait for a process to load sharp.
    while (this.waiting.length > 0 && this.slots.length < this.options.processes) this.start();
    while (this.waiting.length > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (!slot && this.slots.length < this.options.processes) slot = this.start();
      if (!slot) return;
      const job = this.waiting.shift();
      if (!job) return;
      this.run(slot, job);
    }
  }

  private start(): Slot {
    const entry = workerEntry();
    const child = fork(entry.file, [], {
      execArgv: entry.execArgv,
      serialization: 'advanced',
      // glibc's default of one malloc arena per thread per core lets libvips' threads keep freed
      // image buffers apart; two arenas keep the process near what its current image needs. A
      // fixed mmap threshold of 2 MB gives blocks that size and larger (an upload's bytes, its
      // decoded frames) back to the system when the image is done, where glibc's adaptive one
      // would soon keep them in the heap. The environment can override both.
      env: {
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: String(2 * 1024 * 1024),
        ...process.env,
        IMAGE_NICE: String(this.options.nice),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const slot: Slot = { child, job: null, timer: null, ready: false };
    this.slots.push(slot);
    child.on('message', (result: ImageJobResult) => {
      if ('ready' in result) {
        slot.ready = true;
        if (slot.job) this.startTimer(slot);
        return;
      }
      const job = slot.job;
      if (!job || job.id !== result.id) return;
      this.finish(slot);
      if (result.ok) job.resolve(result.photo);
      else if (result.unreadable) job.reject(new UnreadableImageError(result.message));
      else job.reject(new Error(result.message));
      this.dispatch();
    });
    // 'error' covers a failed spawn; 'exit' always follows a start.
    child.on('error', () => undefined);
    child.on('exit', (code, signal) => {
      this.slots.splice(this.slots.indexOf(slot), 1);
      const job = slot.job;
      this.finish(slot);
      const cause = signal ?? `exit ${code}`;
      job?.reject(
        slot.ready
          ? new UnreadableImageError(`the image process stopped (${cause})`)
          : new Error(`the image process could not start (${cause})`),
      );
      if (!this.closed) this.dispatch();
    });
    return slot;
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    // Only a busy process keeps the server's event loop alive.
    slot.child.ref();
    slot.child.channel?.ref();
    if (slot.ready) this.startTimer(slot);
    slot.child.send({ id: job.id, file: job.file } satisfies ImageJob, (error) => {
      if (error) slot.child.kill('SIGKILL');
    });
  }

  /** The clock runs from when the process could start on the job, not while it loads sharp. */
  private startTimer(slot: Slot): void {
    slot.timer = setTimeout(() => slot.child.kill('SIGKILL'), this.timeoutMs);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.child.unref();
    slot.child.channel?.unref();
  }
}
