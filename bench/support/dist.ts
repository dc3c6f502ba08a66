import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CaseContext } from '../harness/types.js';

/** The repository root. */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** The built command, as `npm run build` leaves it (the bundled entry the `omsdesk` bin points at). */
export const DIST_MAIN = join(ROOT, 'dist', 'bin', 'omsdesk.js');

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function stale(): boolean {
  try {
    return statSync(DIST_MAIN).mtimeMs < newest(join(ROOT, 'src'));
  } catch {
    return true;
  }
}

/** Builds `dist/` (as `npm run build` does) when it is missing or older than `src/`, once per run. */
export function distReady(ctx: CaseContext): Promise<string> {
  return ctx.shared(
    'dist',
    async () => {
      if (stale()) {
        ctx.log('dist/ is missing or older than src/: building it (npm run build)');
        const built = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, encoding: 'utf8' });
        if (built.status !== 0) throw new Error(`the build failed:\n${built.stdout}${built.stderr}`);
      }
      return DIST_MAIN;
    },
    async () => undefined,
  );
}
