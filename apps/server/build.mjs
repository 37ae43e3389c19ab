// Bundles the server and its admin CLI into dist/ with esbuild. Workspace packages (the
// contract) are bundled in; every npm dependency stays external and loads from node_modules.
// The refit's worker thread is an entry of its own, dist/refit.worker.js, next to the code that
// starts it (src/workers/refit-thread.ts).
// `--outdir DIR` bundles elsewhere (a test bundles into a folder of its own).
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values } = parseArgs({ options: { outdir: { type: 'string', default: 'dist' } } });

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@yanzhi/'));

await build({
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    { in: 'src/workers/refit.worker.ts', out: 'refit.worker' },
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
