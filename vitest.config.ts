import { defineConfig } from 'vitest/config';

// Unit and integration tests run under plain Node: real SQLite, real HTTP on 127.0.0.1.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
