import type { APIActionRowComponent, APIButtonComponent, APIEmbed, APIEmbedField } from 'discord.js';
import type { Actor } from '../../core/audit/index.js';
import { showCount, showPrice } from '../../core/checks/index.js';
import { type Ticket, type TicketStatus, ticketTag } from '../../core/gate/index.js';
import { escapeMarkdown, external } from '../text/escape.js';
import { fitEmbed } from '../text/limits.js';
import { cancelRow, decisionRow } from './buttons.js';

/** A leg's order that a Cancel button can still stop. */
const WORKING = new Set(['PLACED', 'PENDING', 'OPEN', 'TRIGGER_PENDING']);

const HEADINGS: Readonly<Record<TicketStatus, { words: string; color: number }>> = {
  PENDING: { words: 'awaiting approval', color: 0xf1c40f },
  SUBMITTING: { words: 'approved, checking and sending', color: 0x3498db },
  PLACED: { words: 'placed', color: 0x3498db },
  UNKNOWN: { words: 'sent, outcome unknown: checking the order book', color: 0xe67e22 },
  NOT_PLACED: { words: 'not placed', color: 0x95a5a6 },
  COMPLETE: { words: 'filled', color: 0x2ecc71 },
  REJECTED: { words: 'rejected by the broker', color: 0xe74c3c },
  CANCELED: { words: 'canceled', color: 0x95a5a6 },
  SETTLED: { words: 'settled (the orders ended differently)', color: 0x3498db },
  REFUSED: { words: 'refused: nothing was sent', color: 0xe74c3c },
  DECLINED: { words: 'rejected: nothing was sent', color: 0x95a5a6 },
  EXPIRED: { words: 'expired: nothing was sent', color: 0x95a5a6 },
};

/**
 * A person as a card names them: a Discord user as a mention (which pings nobody), anyone else by name;
 * with a people file, first their person and the way they came in.
 */
export function actorText(actor: Actor): string {
  const mention = actor.channel === 'discord' && /^\d{17,20}$/.test(actor.id) ? `<@${actor.id}>` : undefined;
  if (actor.person !== undefined) {
    const how =
      mention ?? escapeMarkdown(actor.channel.startsWith('mcp') ? `via MCP, ${actor.id}` : actor.channel);
    return `${escapeMarkdown(actor.person)} (${how})`;
  }
  if (mention !== undefined) return mention;
  const who =
    actor.channel === 'mcp' ? `the MCP client ${actor.id}` : `${actor.name ?? actor.id} (${actor.channel})`;
  return escapeMarkdown(who);
}

function at(iso: string | undefined): string {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? '' : ` at <t:${Math.floor(ms / 1000)}:T>`;
}

function decision(ticket: Ticket): string | undefined {
  const by = ticket.decidedBy;
  if (!by) return undefined;
  if (ticket.status === 'DECLINED') return `Rejected by ${actorText(by)}${at(ticket.decidedAt)}.`;
  const then =
    ticket.status === 'REFUSED' && ticket.reason
      ? ` The re-check refused it: ${escapeMarkdown(ticket.reason)}`
      : '';
  return `Confirmed by ${actorText(by)}${at(ticket.decidedAt)}.${then}`;
}

/** One line per order of the ticket once sent: order number, state, fills, the broker's reason. */
export function orderLines(ticket: Ticket): string[] {
  return ticket.legs.flatMap((leg) => {
    const o = leg.outcome;
    if (!o) return [];
    // The client's words for an unknown outcome name its own calls: the card says it plainly instead.
    if (o.status === 'UNKNOWN') {
      const number = o.orderNumber ? ` order ${o.orderNumber}` : '';
      return [`${escapeMarkdown(leg.instrument.tradingSymbol)}:${number} sent, no definite answer yet`];
    }
    const number = o.orderNumber ? ` order ${o.orderNumber}` : '';
    const avg = o.averagePrice ? ` @ ₹${showPrice(o.averagePrice, leg.instrument.tickSize)}` : '';
    const filled = o.filledQuantity ? `, filled ${showCount(o.filledQuantity)}${avg}` : '';
    const why = o.rejection
      ? `: ${external(o.rejection.text, 200)}`
      : o.reason
        ? `: ${external(o.reason, 200)}`
        : '';
    return [`${escapeMarkdown(leg.instrument.tradingSymbol)}:${number} ${o.status}${filled}${why}`];
  });
}

/** What is known of a ticket whose outcome is unknown, and what to do, in plain words. */
export function unknownNote(ticket: Ticket): string {
  return (
    'The order was sent to the broker, which gave no definite answer: it may or may not be in the market. ' +
    `omsdesk keeps looking for it in the order book (its remarks start with ${ticketTag(ticket.id)}) and this card will say what it finds. ` +
    `Do not place it again: run /order-status ${ticket.id} to see where it stands.`
  );
}

/** The one line that tells the person who clicked what their decision did. */
export function outcomeSentence(ticket: Ticket): string {
  const numbers = ticket.legs.flatMap((l) => (l.outcome?.orderNumber ? [l.outcome.orderNumber] : []));
  const orders = numbers.length > 0 ? ` (order ${numbers.join(', ')})` : '';
  if (ticket.status === 'DECLINED') return `You rejected ticket ${ticket.id}: nothing was sent.`;
  if (ticket.status === 'UNKNOWN')
    return `Ticket ${ticket.id} was sent, outcome unknown. ${unknownNote(ticket)}`;
  return `Ticket ${ticket.id} is ${HEADINGS[ticket.status].words}${orders}.`;
}

/** How a card reads when the desk stops before anyone decided. */
export const STOPPED_NOTE = 'omsdesk stopped before anyone decided: the ticket expired and nothing was sent.';

/**
 * The order card: the ticket's summary, who asked, the decision and who made it, the order numbers and
 * their outcome; Confirm and Reject only while it waits. `stopped` shows a pending ticket as expired.
 */
export function renderCard(
  ticket: Ticket,
  options: { stopped?: boolean; ticketUrl?: ((id: string) => string) | undefined } = {},
): { embeds: APIEmbed[]; components: APIActionRowComponent<APIButtonComponent>[] } {
  const stopped = options.stopped === true && ticket.status === 'PENDING';
  const heading = HEADINGS[stopped ? 'EXPIRED' : ticket.status];
  const by = ticket.decidedBy;
  const words =
    ticket.status === 'SUBMITTING' && by !== undefined
      ? `approved by ${escapeMarkdown(by.person ?? by.name ?? by.id)}, checking and sending`
      : heading.words;
  const fields: APIEmbedField[] = [
    { name: 'Requested by', value: actorText(ticket.requestedBy), inline: true },
  ];
  if (ticket.status === 'PENDING' && !stopped) {
    fields.push({
      name: 'Expires',
      value: `<t:${Math.floor(Date.parse(ticket.expiresAt) / 1000)}:R>`,
      inline: true,
    });
  }
  const decided = decision(ticket);
  if (decided) fields.push({ name: 'Decision', value: decided });
  const orders = orderLines(ticket);
  if (orders.length > 0) fields.push({ name: 'Orders', value: orders.join('\n') });
  if (stopped) fields.push({ name: 'Outcome', value: STOPPED_NOTE });
  else if (ticket.status === 'UNKNOWN') fields.push({ name: 'Outcome', value: unknownNote(ticket) });
  else if (
    ticket.status === 'EXPIRED' ||
    (ticket.status === 'DECLINED' && ticket.decidedBy?.channel !== 'discord')
  ) {
    if (ticket.reason) fields.push({ name: 'Outcome', value: escapeMarkdown(ticket.reason) });
  }
  if (ticket.violations.length > 0) {
    fields.push({
      name: 'Checks',
      value: ticket.violations.map((v) => `- ${escapeMarkdown(v.message)}`).join('\n'),
    });
  }
  if (ticket.warnings.length > 0) {
    fields.push({ name: 'Warnings', value: ticket.warnings.map((w) => `- ${escapeMarkdown(w)}`).join('\n') });
  }
  const embed = fitEmbed({
    title: `Order ticket ${ticket.id}: ${words}`,
    // The ticket's page on the web desk, when it runs: its title links there.
    ...(options.ticketUrl === undefined ? {} : { url: options.ticketUrl(ticket.id) }),
    description: escapeMarkdown(ticket.summary),
    color: heading.color,
    fields,
    footer: { text: `ticket ${ticket.id} · ${ticket.kind} · payload hash ${ticket.hash.slice(0, 16)}…` },
  });
  const working = ticket.legs.flatMap((l) =>
    l.outcome?.orderNumber !== undefined && WORKING.has(l.outcome.status) ? [l.outcome.orderNumber] : [],
  );
  const components =
    ticket.status === 'PENDING' && !stopped
      ? [decisionRow(ticket.id)]
      : working.length > 0
        ? [cancelRow(working)]
        : [];
  return { embeds: [embed], components };
}
