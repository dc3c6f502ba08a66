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
  /** Until the answer to the call asked for after the list (a call waits for the whole runtime). */
  readonly callMs?: number;
}

/** A tool call to make once the tools are listed. */
export interface FirstCall {
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
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
 * answer) `notifications/initialized` and `tools/list`, then `call` when given. Measured from spawn to the
 * `tools/list` answer (and to the call's); the process is then stopped and awaited, so the next start
 * finds its data dir free.
 */
export async function timeToToolsList(launch: Launch, call?: FirstCall): Promise<ColdStart> {
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
  let listedAt: ColdStart | undefined;
  const listed = new Promise<ColdStart>((resolve) => {
    answers.on('line', (text) => {
      const message = JSON.parse(text) as { id?: number; result?: { tools?: unknown[] } };
      if (message.id === 1) {
        child.stdin?.write(line({ jsonrpc: '2.0', method: 'notifications/initialized' }));
        child.stdin?.write(line({ jsonrpc: '2.0', id: 2, method: 'tools/list' }));
      } else if (message.id === 2) {
        listedAt = { ms: performance.now() - started, tools: message.result?.tools?.length ?? 0 };
        if (call === undefined) resolve(listedAt);
        else child.stdin?.write(line({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: call }));
      } else if (message.id === 3 && listedAt !== undefined) {
        resolve({ ...listedAt, callMs: performance.now() - started });
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
