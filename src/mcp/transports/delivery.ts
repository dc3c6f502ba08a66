import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import type { RequestId } from '@modelcontextprotocol/server';
import type { SessionEvents } from './events.js';

/** A session's end of one HTTP request, as the transport takes it. */
export interface SessionEndpoint {
  handleRequest(req: IncomingMessage, res: ServerResponse, body?: unknown): Promise<void>;
}

/** The requests a posted body carries: their answers go out on its response. */
function requestsIn(body: unknown): RequestId[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  return messages.flatMap((m) => {
    const { id, method } = (m ?? {}) as { id?: unknown; method?: unknown };
    return typeof method === 'string' && (typeof id === 'string' || typeof id === 'number') ? [id] : [];
  });
}

/**
 * Hands a session's HTTP requests to its transport. A response that ends with its last byte sent has
 * delivered the answers it carried (to the requests posted, or on the stream it resumed), and the
 * session's events keep nothing of them; one cut short leaves them to be resumed.
 */
export function deliveringEndpoint(
  transport: NodeStreamableHTTPServerTransport,
  events: SessionEvents,
): SessionEndpoint {
  return {
    handleRequest(req, res, body) {
      const requests = requestsIn(body);
      const lastEventId = req.headers['last-event-id'];
      const resumed = typeof lastEventId === 'string' ? events.streamOf(lastEventId) : undefined;
      res.once('finish', () => events.delivered(requests, resumed));
      return transport.handleRequest(req, res, body);
    },
  };
}
