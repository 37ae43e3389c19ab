// Bundles the server and its admin CLI into dist/ with esbuild. Workspace packages (the
// contract) are bundled in; every npm dependency stays external and loads from node_modules.
// The refit's worker thread (dist/refit.worker.js) and the image process (dist/image.worker.js)
// are entries of their own, next to the code that starts them.
// `--outdir DIR` bundles elsewhere (a test bundles into a folder of its own).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@yanzhi/'));

await build({
  // The worker processes and threads (ADR 0017, 0019) are entries of their own, next to main.js.
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    { in: 'src/workers/refit.worker.ts', out: 'refit.worker' },
    { in: 'src/workers/image.worker.ts', out: 'image.worker' },
  ],
  outdir: values.outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  conditions: ['source'],
  external: [...external, 'pino'],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
