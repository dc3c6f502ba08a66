import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { bundleCli } from '../../scripts/bundle-cli.mjs';
import { buildPackage } from '../helpers/build.js';
import { CLI_BUNDLE } from './cli-bundle.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The developer's npm cache (what `npm ci` filled), found before HOME moves: the package test installs from it offline. */
    npmCache: string;
  }
}

/**
 * Once per `vitest run`, before any worker starts (workers inherit this process's environment):
 * - hermetic: no OMSDESK_* or DISCORD_* variable from the developer's shell reaches a test, nor
 *   XDG_STATE_HOME (omsdesk's default data dir is under HOME, which the run owns);
 * - clean: every temporary directory (the tests' and their child processes') lands in one folder, and
 *   HOME points there too, removed at the end, so nothing is left in the system's temp dir or home;
 * - fast: the CLI is bundled once (as `npm run build` bundles it), so each CLI test starts plain node;
 * - the package is built into `dist/` once, for the tests of what ships (a build per worker would race).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  // Asked with the developer's HOME, before it moves: npm's cache is found through it (and ~/.npmrc).
  const npmCache = promisify(execFile)('npm', ['config', 'get', 'cache', '--logs-max=0'], {
    env: { ...process.env },
  });
  for (const name of Object.keys(process.env)) {
    if (/^(OMSDESK|DISCORD)_/.test(name) || name === 'XDG_STATE_HOME') delete process.env[name];
  }
  const run = mkdtempSync(join(tmpdir(), 'omsdesk-tests-'));
  const home = join(run, 'home');
  mkdirSync(home);
  process.env.TMPDIR = run;
  process.env.HOME = home;
  await Promise.all([bundleCli(dirname(CLI_BUNDLE)), buildPackage()]);
  project.provide('npmCache', (await npmCache).stdout.trim());
  return () => {
    rmSync(run, { recursive: true, force: true });
  };
}
