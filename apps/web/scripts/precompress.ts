import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this, the headers of a compressed answer outweigh what it saves. */
const MIN_BYTES = 1024;

/**
 * Writes `.br` and `.gz` beside every built text file, once, at the highest levels: the server
 * sends them to clients that accept them (@fastify/static `preCompressed`), with no compression
 * work per request (ADR 0014).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  let publicDir = '';
  return {
    name: 'yanzhi:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      publicDir = config.publicDir;
    },
    async writeBundle(_options, bundle) {
      // The files copied from public/ too: the favicon is fetched on every first visit.
      const copied = publicDir ? await fs.readdir(publicDir).catch(() => []) : [];
      const files = [...new Set([...Object.keys(bundle), ...copied])].filter((file) =>
        COMPRESSIBLE.test(file),
      );
      await Promise.all(
        files.map(async (file) => {
          const absolute = path.join(outDir, file);
          const bytes = await fs.readFile(absolute);
          if (bytes.length < MIN_BYTES) return;
          const [gz, br] = await Promise.all([
            gzip(bytes, { level: 9 }),
            brotli(bytes, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          ]);
          await Promise.all([
            fs.writeFile(`${absolute}.gz`, gz),
            fs.writeFile(`${absolute}.br`, br),
          ]);
        }),
      );
    },
  };
}
