import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  PROTOCOL_VERSION_META_KEY,
  ReadBuffer,
  type RequestId,
  StreamableHTTPClientTransport,
  serializeMessage,
} from '@modelcontextprotocol/client';
import type { Logger } from '../../core/logger.js';
import { stopAsked } from '../lifecycle.js';
import { bridgeFailure, serverGone } from './failure.js';

/** JSON-RPC's "internal error": what a request the bridge could not deliver is answered with. */
const INTERNAL_ERROR = -32603;

/** Where the bridge relays, and how it presents itself there. */
export interface RelayOptions {
  readonly url: string;
  readonly authorization?: string;
  readonly logger: Logger;
  readonly stdin?: NodeJS.ReadableStream;
  readonly stdout?: NodeJS.WritableStream;
}

/** True for a request of 2026-07-28: it carries its protocol version itself, and is served on its own. */
function isModern(message: JSONRPCMessage): boolean {
  const meta = (message as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  const version = meta?.[PROTOCOL_VERSION_META_KEY];
  // Revisions are dates: those from 2026 on are served request by request.
  return typeof version === 'string' && version >= '2026';
}

/**
 * Relays MCP between this process's stdio and a running server's Streamable HTTP endpoint, message by
 * message, with the SDK's own client transport on the HTTP side: a 2025-11-25 client's initialize opens
 * a session there (server requests such as elicitation, and progress, come back on its streams and the
 * client's answers go back), a 2026-07-28 client's requests go as they are (the transport sets their
 * headers from their envelope; a cancellation closes the request's stream). A request that cannot be
 * delivered is answered with the reason, never left hanging. Resolves when the client goes.
 */
export async function relay(o: RelayOptions): Promise<void> {
  const stdin = o.stdin ?? process.stdin;
  const stdout = o.stdout ?? process.stdout;
  const upstream = new StreamableHTTPClientTransport(new URL(o.url), {
    requestInit: { headers: o.authorization === undefined ? {} : { Authorization: o.authorization } },
  });
  /** The client's requests still owed an answer; a 2026-07-28 one with the switch that cancels it. */
  const pending = new Map<RequestId, AbortController | undefined>();
  let initializeId: RequestId | undefined;
  const write = (message: JSONRPCMessage): void => void stdout.write(serializeMessage(message));
  const answerWith = (id: RequestId, reason: string): void => {
    if (!pending.delete(id)) return;
    write({ jsonrpc: '2.0', id, error: { code: INTERNAL_ERROR, message: reason } });
  };

  upstream.onmessage = (message) => {
    if ('id' in message && !('method' in message) && message.id !== undefined) {
      pending.delete(message.id);
      // The session's revision rides every later request of a 2025-11-25 client, as its own client would send it.
      if (message.id === initializeId && isJSONRPCResultResponse(message))
        upstream.setProtocolVersion(String(message.result.protocolVersion));
    }
    write(message);
  };
  upstream.onerror = (error) => {
    o.logger.debug('mcp bridge', { error: error.message });
    // A stream that broke for good leaves its requests unanswered: when the server is gone, say so.
    void serverGone(o.url).then((gone) => {
      if (gone !== undefined) for (const id of [...pending.keys()]) answerWith(id, gone);
    });
  };
  await upstream.start();

  const forward = async (message: JSONRPCMessage): Promise<void> => {
    if (isJSONRPCNotification(message) && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      const cancel = id === undefined ? undefined : pending.get(id);
      if (cancel !== undefined && id !== undefined) {
        // 2026-07-28 over HTTP cancels by closing the request's stream.
        pending.delete(id);
        cancel.abort();
        return;
      }
    }
    let cancel: AbortController | undefined;
    if (isJSONRPCRequest(message)) {
      if (message.method === 'initialize') initializeId = message.id;
      cancel = isModern(message) ? new AbortController() : undefined;
      pending.set(message.id, cancel);
    }
    try {
      await upstream.send(message, cancel === undefined ? undefined : { requestSignal: cancel.signal });
    } catch (error) {
      if (isJSONRPCRequest(message) && cancel?.signal.aborted !== true)
        answerWith(message.id, bridgeFailure(error, o.url));
      else o.logger.debug('mcp bridge: a message could not be delivered', { error: String(error) });
    }
  };

  const buffer = new ReadBuffer();
  await new Promise<void>((resolve) => {
    stdin.on('data', (chunk: Buffer) => {
      try {
        buffer.append(chunk);
      } catch (error) {
        o.logger.warn('mcp bridge: a message from the client is too large; dropped', {
          error: String(error),
        });
        return;
      }
      for (;;) {
        let message: JSONRPCMessage | null;
        try {
          message = buffer.readMessage();
        } catch (error) {
          o.logger.debug('mcp bridge: a line from the client is not a message', { error: String(error) });
          continue;
        }
        if (message === null) break;
        void forward(message);
      }
    });
    stdin.once('end', resolve);
    stdin.once('close', resolve);
    void stopAsked().then(resolve);
  });
  await upstream.terminateSession().catch(() => undefined);
  await upstream.close();
}
