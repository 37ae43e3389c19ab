import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/dev-support', 'apps/server', 'apps/web'],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core CI box.
    // The server's files wait on PostgreSQL, fsync and child processes for much of their time,
    // and each isolates itself (its own SQLite file, PostgreSQL schema, Redis keys, port),
    // so two files at once took the server project from 1,045 s to 801 s there (2026-11-30).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
