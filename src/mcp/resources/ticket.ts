import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import { normalizeTicketId } from '../../core/gate/index.js';
import { TICKET_ID_PATTERN } from '../../core/orders/ticket-id.js';
import { type Completions, firstSuggestions } from '../completions.js';
import type { ResolvedDeps } from '../context.js';
import { nextStepFor } from '../render-ticket.js';
import { confirmationOf, ticketData } from '../schemas/ticket.js';
import { TICKET_TEMPLATE } from './uris.js';

/**
 * Registers `omsdesk://tickets/{id}`: a ticket as get_order_status shows it (settled from the broker first
 * when its outcome is open); subscribers are told of each change, so an assistant whose order waits for an
 * approver learns the outcome.
 */
export function registerTicket(
  server: McpServer,
  ready: Promise<ResolvedDeps>,
  completions: Completions,
): void {
  const template = server.registerResource(
    'ticket',
    new ResourceTemplate(TICKET_TEMPLATE, { list: undefined }),
    {
      title: 'One omsdesk ticket',
      description:
        'A ticket a place_* call returned: status, legs, order numbers, who decided, and the next step. ' +
        'Subscribe to be told when it changes (decided, sent, filled).',
      mimeType: 'application/json',
    },
    async (uri, { id }, req) => {
      const deps = await ready;
      const key = normalizeTicketId(String(id));
      const ticket = TICKET_ID_PATTERN.test(key) ? await deps.gate.status(key, req.mcpReq.signal) : undefined;
      if (!ticket) {
        throw new ResourceNotFoundError(
          uri.href,
          `no ticket ${key.slice(0, 12)} in this omsdesk's records: check the id from the place_* result`,
        );
      }
      const data = ticketData(ticket, confirmationOf(ticket), nextStepFor(ticket));
      return {
        contents: [{ uri: uri.href, mimeType: 'application/json', text: deps.redact(JSON.stringify(data)) }],
      };
    },
  );
  completions.template(TICKET_TEMPLATE, template, {
    id: async (typed) => {
      const prefix = typed.trim().toUpperCase();
      return firstSuggestions(
        (await ready).gate
          .list()
          .map((t) => t.id)
          .filter((id) => id.startsWith(prefix)),
      );
    },
  });
}
