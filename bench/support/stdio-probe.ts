import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';

/** How to start a process: its command line, environment and working directory. */
export interface Launch {
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string;
}

/** How long a spawned stdio MCP server took to answer its first `tools/list`, and how many tools it gave. */
export interface ColdStart {
  readonly ms: number;
  readonly tools: number;
}

const line = (message: unknown): string => `${JSON.stringify(message)}\n`;

/** Waits for the child to exit, killing it when it does not within `ms`. */
export async function stopChild(child: ChildProcess, ms = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  child.kill('SIGTERM');
  await once(child, 'exit');
  clearTimeout(timer);
}

/**
 * Spawns `node <args>` and talks MCP over its stdio as a client would: `initialize`, then (on its
 * answer) `notifications/initialized` and `tools/list`. Measured from spawn to the `tools/list` answer;
 * the process is then stopped and awaited, so the next start finds its data dir free.
 */
export async function timeToToolsList(launch: Launch): Promise<ColdStart> {
  const started = performance.now();
  const child = spawn(process.execPath, [...launch.args], {
    cwd: launch.cwd,
    env: { ...launch.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString('utf8');
  });
  const answers = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const exited = once(child, 'exit').then(() => {
    throw new Error(`the server exited before answering tools/list:\n${stderr.slice(-2000)}`);
  });
  const listed = new Promise<ColdStart>((resolve) => {
    answers.on('line', (text) => {
      const message = JSON.parse(text) as { id?: number; result?: { tools?: unknown[] } };
      if (message.id === 1) {
        child.stdin?.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        child.stdin?.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      } else if (message.id === 2) {
        resolve({ ms: performance.now() - started, tools: message.result?.tools?.length ?? 0 });
      }
    });
  });
  child.stdin?.write(
    line({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'omsdesk-bench', version: '1.0.0' },
      },
    }),
  );
  try {
    return await Promise.race([listed, exited]);
  } finally {
    exited.catch(() => undefined);
    answers.close();
    await stopChild(child);
  }
}
