import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { type LogEntry, lines, spawnCli } from './cli.js';

/** A running `omsdesk serve` (or other long-running command) child and what it said. */
export interface RunningCommand {
  readonly child: ChildProcessWithoutNullStreams;
  /** The URL it printed (the MCP endpoint, or the health port of `omsdesk discord`). */
  readonly url: string;
  /** Its JSON log lines so far. */
  readonly logs: LogEntry[];
  /** Resolves with the first log line from now on that matches. */
  nextLog(match: (entry: LogEntry) => boolean): Promise<LogEntry>;
  /** The embedded paper broker's URL, from its start-up log line. */
  paperBroker(): string;
  /** SIGINT, then the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts a long-running command with `env`, waits for the stdout line matching `ready` (its first URL is
 * taken), and follows its JSON log lines on stderr (events a test can wait for: no sleeping).
 */
export async function runCommand(
  args: readonly string[],
  env: Record<string, string>,
  ready: RegExp = /listening on (http\S+)/,
): Promise<RunningCommand> {
  const child = spawnCli(args, env);
  const logs: LogEntry[] = [];
  const waiters: { match: (e: LogEntry) => boolean; resolve: (e: LogEntry) => void }[] = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    let entry: LogEntry;
    try {
      entry = JSON.parse(line) as LogEntry;
    } catch {
      return;
    }
    logs.push(entry);
    for (const w of [...waiters]) {
      if (w.match(entry)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(entry);
      }
    }
  });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(
      `${args.join(' ')} exited early (${String(code)}):\n${logs.map((l) => l.message).join('\n')}`,
    );
  });
  exited.catch(() => undefined);
  const line = await Promise.race([lines(child).waitFor(ready), exited]);
  const url = (ready.exec(line) as RegExpExecArray)[1] as string;
  return {
    child,
    url,
    logs,
    nextLog: (match) => new Promise((resolve) => waiters.push({ match, resolve })),
    paperBroker() {
      const said = logs.find((l) => l.message.startsWith('paper broker at '));
      if (said === undefined) throw new Error('no paper broker was started');
      return said.message.slice('paper broker at '.length);
    },
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGINT');
      return ((await once(child, 'exit')) as [number | null])[0];
    },
  };
}
