import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/dev-support', 'apps/server', 'apps/web'],
  },
});
