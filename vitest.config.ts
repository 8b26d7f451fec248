import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '.agora/**', 'infra/**'],
    globalSetup: ['test-support/src/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what a loaded two-core machine may take seconds to show (1 s is vitest's default).
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', './test-support/src/summary-reporter.ts'],
  },
});
