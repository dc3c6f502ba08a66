import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository root, where `package.json` and `dist/` live. */
export const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Builds the package into `dist/` with `npm run build`. The global setup calls it once per test run, before
 * any worker starts: the build empties `dist/bin`, so a build in one worker would pull the files from under
 * a command another worker is running. The build is incremental, so an up-to-date `dist/` costs a check.
 */
export function buildPackage(): Promise<void> {
  return new Promise<void>((done, fail) => {
    const child = spawn('npm', ['run', '--silent', 'build'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '' },
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) =>
      code === 0 ? done() : fail(new Error(`npm run build exited ${code}:\n${output}`)),
    );
  });
}
