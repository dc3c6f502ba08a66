import { defineConfig } from 'vitest/config';
import { ticketCardDefine } from './scripts/build-ticket-card.mjs';

// The order card (MCP Apps), built once per run as the CLI bundle builds it.
const define = await ticketCardDefine();

export default defineConfig({
  define,
  test: {
    include: ['test/**/*.test.ts'],
    // Hermetic environment, one temp folder removed at the end, the CLI bundled once: see the file.
    globalSetup: ['test/setup/global-setup.ts'],
    environment: 'node',
    // Integration tests start servers and child processes; two cores are shared with other work.
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Most of a test's time is spent waiting on sockets and child processes, not on the CPU: two workers
    // on two cores halve the run (vitest's default here would be one).
    maxWorkers: 2,
    // Modules load once per worker, not once per file (import time fell from ~45 s to ~7 s): tests keep no
    // state between files (every harness closes what it opens; fake timers are restored after each test).
    isolate: false,
    reporters: ['default', ['json', { outputFile: '.reports/vitest.json' }]],
  },
});
