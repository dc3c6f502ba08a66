import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** The repository root, where `package.json` and `dist/` live. */
export const ROOT = resolve(import.meta.dirname, '../..');

let building: Promise<void> | undefined;

/**
 * Builds the package into `dist/` with `npm run build`, once per test process. The build is incremental,
 * so when another run (or `npm start`) already built the same sources it only checks and returns.
 */
export function buildPackage(): Promise<void> {
  building ??= new Promise<void>((done, fail) => {
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
  return building;
}
