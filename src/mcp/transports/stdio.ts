import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

/** An MCP server attached to this process's stdin and stdout. */
export interface StdioHandle {
  /** Resolves when the client goes away (stdin ends) or the transport closes. */
  readonly closed: Promise<void>;
  close(): Promise<void>;
}

/**
 * Serves MCP over stdio. Only protocol messages go to stdout: everything else the process says must go
 * to stderr (the CLI's logger does).
 */
export async function serveStdio(
  server: McpServer,
  streams: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream } = {
    stdin: process.stdin,
    stdout: process.stdout,
  },
): Promise<StdioHandle> {
  const transport = new StdioServerTransport(
    streams.stdin as typeof process.stdin,
    streams.stdout as typeof process.stdout,
  );
  let done: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    done = resolve;
  });
  transport.onclose = () => done();
  // The SDK transport does not notice the end of stdin; a client that quits closes it.
  streams.stdin.once('end', () => done());
  streams.stdin.once('close', () => done());
  await server.connect(transport);
  return {
    closed,
    async close() {
      await server.close();
      done();
    },
  };
}
