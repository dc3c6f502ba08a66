import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import WebSocket from 'ws';
import type { Launch } from './stdio-probe.js';

/** What a process holds, in MiB. */
export interface Held {
  readonly rss: number;
  readonly heap: number;
}

const MIB = 1024 * 1024;

/**
 * The DevTools protocol of a child started with `--inspect`: the only way in to its heap, so nothing in
 * omsdesk exists for the benchmark. A reading first collects all garbage, so it says what the process
 * holds, not how long V8 chose to leave garbage lying.
 */
export class Inspector {
  readonly #waiting = new Map<number, (result: unknown) => void>();
  #next = 0;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { id?: number; result?: unknown; error?: unknown };
      if (message.id !== undefined) this.#waiting.get(message.id)?.(message.result ?? message.error);
    });
  }

  static async open(url: string): Promise<Inspector> {
    const socket = new WebSocket(url);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new Inspector(socket);
  }

  /** Resident memory and live heap after a full garbage collection. */
  async held(): Promise<Held> {
    await this.#send('HeapProfiler.collectGarbage');
    const answer = (await this.#send('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    const usage = JSON.parse(answer.result.value) as { rss: number; heapUsed: number };
    return { rss: usage.rss / MIB, heap: usage.heapUsed / MIB };
  }

  close(): void {
    this.socket.close();
  }

  #send(method: string, params: object = {}): Promise<unknown> {
    this.#next += 1;
    const id = this.#next;
    this.socket.send(JSON.stringify({ id, method, params }));
    return new Promise((resolve) => this.#waiting.set(id, resolve));
  }
}

/** A child started with the inspector on a free loopback port, once its stdout printed `ready`. */
export interface Inspected {
  readonly child: ChildProcess;
  /** The first match group of `ready` (the URL the child listens on). */
  readonly ready: string;
  readonly inspector: Inspector;
}

/** Spawns `node --inspect=127.0.0.1:0 <args>` and connects to its inspector once it is ready. */
export async function spawnInspected(launch: Launch, ready: RegExp): Promise<Inspected> {
  const child = spawn(process.execPath, ['--inspect=127.0.0.1:0', ...launch.args], {
    cwd: launch.cwd,
    env: { ...launch.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`exited with ${code} before it was ready:\n${stderr}`))),
  );
  const line = (stream: NodeJS.ReadableStream, pattern: RegExp): Promise<string> =>
    new Promise((resolve) => {
      const lines = createInterface({ input: stream });
      lines.on('line', (text) => {
        if (stream === child.stderr) stderr = `${stderr}${text}\n`.slice(-2000);
        const match = pattern.exec(text);
        if (match) resolve(match[1] ?? match[0]);
      });
    });
  try {
    const [socketUrl, url] = await Promise.race([
      Promise.all([
        line(child.stderr as NodeJS.ReadableStream, /(ws:\/\/\S+)/),
        line(child.stdout as NodeJS.ReadableStream, ready),
      ]),
      exited,
    ]);
    return { child, ready: url, inspector: await Inspector.open(socketUrl) };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    exited.catch(() => undefined);
  }
}
