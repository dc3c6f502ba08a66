import { StdioServerTransport, serveStdio as serveEras } from '@modelcontextprotocol/server/stdio';
import type { Logger } from '../../core/logger.js';
import type { McpService } from '../server.js';
import { checkEachStdioMessage } from './stdio-eras.js';

/** An MCP server attached to this process's stdin and stdout. */
export interface StdioHandle {
  /** Resolves when the client goes away (stdin ends) or the connection closes. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves MCP over stdio in both revisions: the client's opening message pins the connection to 2026-07-28
 * (no handshake) or to 2025-11-25 (initialize), and one server serves it. Only protocol messages go to
 * stdout: everything else the process says must go to stderr (the CLI's logger does).
 */
export function serveStdio(
  service: McpService,
  logger: Logger,
  streams: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream } = {
    stdin: process.stdin,
    stdout: process.stdout,
  },
  /** With a people file: whether its person may place orders now (else the server lists reads only). */
  mayOrder?: () => Promise<boolean>,
): StdioHandle {
  const transport = new StdioServerTransport(
    streams.stdin as typeof process.stdin,
    streams.stdout as typeof process.stdout,
  );
  let done: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  streams.stdin.once('end', () => done());
  streams.stdin.once('close', () => done());
  const handle = serveEras(
    async ({ era }) => service.server({ era, mayOrder: (await mayOrder?.()) ?? true }),
    {
      transport,
      onerror: (error) => logger.debug('mcp stdio', { error: error.message }),
    },
  );
  checkEachStdioMessage(transport);
  return {
    closed,
    async close() {
      await handle.close();
      done();
    },
  };
}
