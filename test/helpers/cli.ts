import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const ROOT = resolve(import.meta.dirname, '../..');

/** Runs `omsdesk` from source (through tsx) as a child process. */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string> = {},
): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_NO_WARNINGS: '1' },
  });
}

/** Collects a child's stdout lines and waits for the first one matching. */
export function lines(child: ChildProcessWithoutNullStreams): {
  all: string[];
  waitFor(re: RegExp): Promise<string>;
} {
  const all: string[] = [];
  const waiters: Array<{ re: RegExp; resolve: (line: string) => void }> = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    all.push(line);
    for (const w of [...waiters]) {
      if (w.re.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  });
  return {
    all,
    waitFor(re) {
      const seen = all.find((l) => re.test(l));
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiters.push({ re, resolve }));
    },
  };
}

/** Runs the CLI to completion and returns its exit code and output. */
export async function runCli(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}
