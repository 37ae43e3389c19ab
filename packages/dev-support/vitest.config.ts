import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'dev-support',
    environment: 'node',
    include: ['test/**/*.test.ts'],
  },
});
