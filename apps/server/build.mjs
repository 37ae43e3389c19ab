// Bundles the server and its admin CLI into dist/ with esbuild. Workspace packages (the
// contract) are bundled in; every npm dependency stays external and loads from node_modules.
// The refit's worker thread is an entry of its own, dist/refit.worker.js, next to the code that
// starts it (src/workers/refit-thread.ts).
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@yanzhi/'));

await build({
  entryPoints: [
    'src/main.ts',
    'src/cli.ts',
    { in: 'src/workers/refit.worker.ts', out: 'refit.worker' },
  ],
  outdir: 'dist',
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
