import { type McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { Era } from '../context.js';
import type { ResourceUpdates } from './updates.js';
import { canonicalUri, isWatchable, ORDERS_TODAY_URI } from './uris.js';

function watchable(uri: string): string {
  if (!isWatchable(uri)) {
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `no resource ${uri.slice(0, 80)} to subscribe to: subscribe to ${ORDERS_TODAY_URI}, omsdesk://orders/{number} or omsdesk://tickets/{id}`,
    );
  }
  return canonicalUri(uri);
}

/**
 * Tells one connection's client of the resources that changed. In 2025-11-25 the client subscribes per
 * resource (`resources/subscribe`) and hears of those only; in 2026-07-28 every change is handed to the
 * serving entry, which delivers it on the `subscriptions/listen` streams that asked for that URI.
 */
export function followUpdates(server: McpServer, era: Era, updates: ResourceUpdates): void {
  const subscribed = new Set<string>();
  if (era === 'legacy') {
    server.server.setRequestHandler('resources/subscribe', (request) => {
      subscribed.add(watchable(request.params.uri));
      return {};
    });
    server.server.setRequestHandler('resources/unsubscribe', (request) => {
      subscribed.delete(watchable(request.params.uri));
      return {};
    });
  }
  const stop = updates.listen((uris) => {
    for (const uri of uris) {
      if (era === 'legacy' && !subscribed.has(uri)) continue;
      server.server.sendResourceUpdated({ uri }).catch(() => undefined);
    }
  });
  const closed = server.server.onclose;
  server.server.onclose = () => {
    stop();
    closed?.();
  };
}
