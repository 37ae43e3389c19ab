/**
 * The image process (ADR 0019): decodes and re-encodes uploaded photos with sharp, one job at a
 * time, at a lower CPU priority than the server, so libvips never takes a core from the event
 * loop that answers pairs and votes, and a crash inside libvips never takes the server down.
 *
 * It is started by ImageProcessPool with an IPC channel (advanced serialisation: Buffers pass
 * as bytes). A job names a staged upload, which this process reads and deciphers itself. It
 * exits as soon as the channel closes, so it never outlives its server.
 */
import fs from 'node:fs';
import os from 'node:os';
import type { ImageJob, ImageJobResult } from '../repositories/image-processes.js';

/** Lowers every thread of this process that exists now; threads started later inherit it. */
function lowerPriority(nice: number): void {
  let threads: string[] = [];
  try {
    threads = fs.readdirSync('/proc/self/task');
  } catch {
    // Not Linux: setpriority applies to the whole process there.
  }
  if (threads.length === 0) {
    os.setPriority(nice);
    return;
  }
  for (const thread of threads) {
    try {
      os.setPriority(Number(thread), nice);
    } catch {
      // A thread that ended meanwhile.
    }
  }
}

const nice = Number(process.env.IMAGE_NICE ?? '10');
try {
  lowerPriority(Number.isInteger(nice) ? nice : 10);
} catch (error) {
  process.stderr.write(`image process: priority unchanged (${String(error)})\n`);
}

// sharp (and libvips' threads) load only now, below the server's priority.
const { ImageRepository, UnreadableImageError } =
  await import('../repositories/image.repository.js');
const { readStagedFile } = await import('../repositories/upload-staging.repository.js');
const renderer = new ImageRepository();

process.on('disconnect', () => process.exit(0));
process.on('message', (message: ImageJob) => {
  const send = (result: ImageJobResult) => process.send?.(result);
  readStagedFile(message.file)
    .then((input) => renderer.renderPhotoVariants(input))
    .then(
      (photo) => send({ id: message.id, ok: true, photo }),
      (error: unknown) =>
        send({
          id: message.id,
          ok: false,
          unreadable: error instanceof UnreadableImageError,
          message: error instanceof Error ? error.message : String(error),
        }),
    );
});
process.send?.({ ready: true } satisfies ImageJobResult);
