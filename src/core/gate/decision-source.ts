import type { DecisionPath, DecisionSource, Ticket } from './types.js';

const WHERE: Readonly<Record<DecisionPath, string>> = {
  discord: 'on its own card in the approvals channel',
  elicitation: "in the MCP client's confirmation form",
  app: "on the order card the MCP client's app shows",
  tool: "through the assistant's confirm_order call",
  web: 'from its requester on its page of the web desk',
};

/** Whether a decision from `via` is an approver's (a card, or the web desk on a ticket waiting for approvers). */
export function byApprover(ticket: Ticket, via: DecisionSource): boolean {
  return via.path === 'discord' || (via.path === 'web' && ticket.waitsFor === 'discord');
}

/**
 * Why a decision made at `via` cannot decide this ticket (it waits elsewhere, or this is not its card),
 * or undefined when it can. Without `via`, the caller is the process itself (an expiry, a withdrawal).
 */
export function wrongPlace(ticket: Ticket, via: DecisionSource | undefined): string | undefined {
  if (via === undefined) return undefined;
  // The web desk is an approvals channel beside the cards: it decides what waits for approvers. Its ticket
  // page also stands in for the order card's Confirm (the card opens it): the requester decides there.
  const webDesk = via.path === 'web' && (ticket.waitsFor === 'discord' || ticket.waitsFor === 'app');
  if (ticket.waitsFor !== via.path && !webDesk) {
    const where = ticket.waitsFor === undefined ? 'where it was asked for' : WHERE[ticket.waitsFor];
    return `ticket ${ticket.id} waits for its decision ${where}; a decision made anywhere else does not count`;
  }
  if (via.path !== 'discord') return undefined;
  if (ticket.card === undefined)
    return `the card of ticket ${ticket.id} is still being posted: try again in a moment`;
  if (ticket.card.messageId !== via.card.messageId || ticket.card.channelId !== via.card.channelId) {
    return `this message is not the card of ticket ${ticket.id}: decide it ${WHERE.discord}`;
  }
  return undefined;
}

/** Why a decision made on an app's card names another version of the ticket than it is, or undefined. */
export function staleCard(ticket: Ticket, via: DecisionSource | undefined): string | undefined {
  if (via?.path !== 'app' || via.hash === ticket.hash) return undefined;
  return `the card showed another version of ticket ${ticket.id} (a stale or altered hash)`;
}
