import { createInterface } from 'node:readline';

/** How long a failed `omsdesk mcp` waits for its client's first request before it exits anyway. */
const WAIT_FOR_REQUEST_MS = 30_000;

/** JSON-RPC's "internal error": the server could not do what was asked (here: start at all). */
const INTERNAL_ERROR = -32603;

/**
 * Tells an MCP client that started `omsdesk mcp` why the server cannot start: its first request (the
 * initialize) gets a JSON-RPC error carrying the reason, which the client shows, where exiting at once
 * would leave it only "Connection closed". Resolves once answered, when stdin ends, or after a while.
 */
export function refuseOverStdio(
  reason: string,
  streams: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream } = {
    stdin: process.stdin,
    stdout: process.stdout,
  },
  waitMs = WAIT_FOR_REQUEST_MS,
): Promise<void> {
  // A person at a terminal reads the error on stderr; only a client process waits for an answer.
  if ((streams.stdin as Partial<NodeJS.ReadStream>).isTTY) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const lines = createInterface({ input: streams.stdin });
    const done = (): void => {
      clearTimeout(timer);
      lines.close();
      (streams.stdin as Partial<NodeJS.ReadStream>).destroy?.();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    lines.on('close', done);
    lines.on('line', (line) => {
      let message: { id?: unknown; method?: unknown } | undefined;
      try {
        message = JSON.parse(line) as typeof message;
      } catch {
        return;
      }
      // Notifications (no id) and responses (no method) need no answer.
      if (message?.id === undefined || message.id === null || typeof message.method !== 'string') return;
      const answer = { jsonrpc: '2.0', id: message.id, error: { code: INTERNAL_ERROR, message: reason } };
      streams.stdout.write(`${JSON.stringify(answer)}\n`, () => done());
    });
  });
}
