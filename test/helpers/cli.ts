import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI_BUNDLE } from '../setup/cli-bundle.js';

let emptyDir: string | undefined;

/** A working directory with nothing in it (no `.env`): omsdesk runs as on a fresh machine. */
export function emptyWorkingDir(): string {
  emptyDir ??= mkdtempSync(join(tmpdir(), 'omsdesk-cwd-'));
  return emptyDir;
}

/** The shell's environment without omsdesk's and Discord's variables: a test states every one it means. */
function cleanEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => e[1] !== undefined && !/^(OMSDESK|DISCORD)_/.test(e[0]),
    ),
  );
}

/**
 * Runs `omsdesk` (the CLI the test run bundled from source) as a child process in an empty directory, with
 * only the variables given (the audit anchor's key then lives in the test's data dir, never in a home).
 */
export function spawnCli(
  args: readonly string[],
  env: Record<string, string> = {},
): ChildProcessWithoutNullStreams {
  const key =
    env.OMSDESK_DATA_DIR === undefined || env.OMSDESK_AUDIT_KEY_FILE !== undefined
      ? {}
      : { OMSDESK_AUDIT_KEY_FILE: join(env.OMSDESK_DATA_DIR, 'test-audit.key') };
  return spawn(process.execPath, [CLI_BUNDLE, ...args], {
    cwd: emptyWorkingDir(),
    env: { ...cleanEnvironment(), ...key, ...env, NODE_NO_WARNINGS: '1' },
  });
}

/**
 * How an MCP client starts `omsdesk mcp` (the bundled CLI) in an empty directory, on `dataDir` (its home
 * too), with only the variables given.
 */
export function mcpServerParams(dataDir: string, env: Record<string, string> = {}) {
  return {
    command: process.execPath,
    args: [CLI_BUNDLE, 'mcp'],
    cwd: emptyWorkingDir(),
    env: {
      PATH: process.env.PATH ?? '',
      HOME: dataDir,
      NODE_NO_WARNINGS: '1',
      OMSDESK_DATA_DIR: dataDir,
      OMSDESK_AUDIT_KEY_FILE: join(dataDir, 'audit.key'),
      ...env,
    },
  };
}

/** The error a client (the SDK's v1) shows when connecting to the server `params` start fails; 'connected' if not. */
export async function stdioConnectError(params: {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}): Promise<string> {
  const transport = new StdioClientTransport({ ...params, stderr: 'ignore' });
  const client = new Client({ name: 'connect-error', version: '1' });
  try {
    await client.connect(transport);
    return 'connected';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.close();
  }
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
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawnCli(args, env);
  // Nothing to say on stdin: a failed `omsdesk mcp` then exits at once instead of waiting for a client.
  child.stdin.end();
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

/** One log line on stderr, as omsdesk writes it by default when stderr is not a terminal. */
export interface LogEntry {
  readonly time: string;
  readonly level: string;
  readonly message: string;
  readonly [field: string]: unknown;
}

/** The JSON log lines of a child's stderr (a line that is not JSON fails the test). */
export function logEntries(stderr: string): LogEntry[] {
  return stderr
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogEntry);
}

/** The messages of a child's JSON log lines, one a line: what a person reads in them. */
export function logMessages(stderr: string): string {
  return logEntries(stderr)
    .map((entry) => entry.message)
    .join('\n');
}
