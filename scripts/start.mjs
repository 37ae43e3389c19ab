// `npm start`: build whatever is missing or older than its sources, then run the server in this
// same process (one process serves the web app, /api and /media).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(entries) {
  let newest = 0;
  const visit = (target) => {
    if (!existsSync(target)) return;
    const stat = statSync(target);
    if (stat.isDirectory()) {
      for (const name of readdirSync(target)) {
        if (name !== 'node_modules' && name !== 'dist') visit(path.join(target, name));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
  return newest;
}

function builtAt(file) {
  const target = path.join(root, file);
  return existsSync(target) ? statSync(target).mtimeMs : 0;
}

const targets = [
  {
    workspace: 'apps/web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/contract/src',
    ],
  },
  {
    workspace: 'apps/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/contract/src'],
  },
];

for (const target of targets) {
  if (builtAt(target.output) >= newestMtime(target.sources)) continue;
  console.warn(`Building ${target.workspace} ...`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`Building ${target.workspace} failed.`);
    process.exit(result.status ?? 1);
  }
}

await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
