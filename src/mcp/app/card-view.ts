import { instrumentKey } from '../../core/catalogue/index.js';
import { FINAL_TICKET_STATUSES, type Ticket } from '../../core/gate/index.js';
import { personCaps } from '../../core/people/index.js';
import type { ToolContext } from '../context.js';
import { nextStepFor } from '../render-ticket.js';
import { confirmationOf, type TicketData, ticketData } from '../schemas/ticket.js';

/** One instrument of the ticket as the market stands now (or why it could not be read). */
interface MarketNow {
  readonly instrument: string;
  readonly lastPrice?: number;
  readonly error?: string;
}

/** A cap of the person's and what is left of it today. */
interface CapLeft {
  readonly cap: number;
  readonly used: number;
  readonly left: number;
}

/** Everything the order card shows of a ticket, read at once. */
export interface CardView {
  readonly ticket: TicketData;
  readonly market: readonly MarketNow[];
  readonly drift?: { readonly maxPct: number; readonly minTicks: number };
  readonly caps?: { readonly orders?: CapLeft; readonly value?: CapLeft };
  /** The person viewing may decide it here: their own ticket, waiting for the card. */
  readonly mayDecide: boolean;
  /** With the web desk: the ticket's page, where Confirm takes the person. */
  readonly deskUrl?: string;
}

async function marketNow(ctx: ToolContext, ticket: Ticket): Promise<MarketNow[]> {
  // A ticket whose orders are done no longer stands against the market.
  if (FINAL_TICKET_STATUSES.has(ticket.status)) return [];
  const seen = new Map<string, Ticket['legs'][number]['instrument']>();
  for (const leg of ticket.legs) seen.set(instrumentKey(leg.instrument), leg.instrument);
  return Promise.all(
    [...seen].map(async ([instrument, i]) => {
      try {
        const q = await ctx.deps.client.getQuote(
          { exchange: i.exchange, token: i.token },
          { signal: ctx.signal },
        );
        return { instrument, lastPrice: q.lastPrice };
      } catch (error) {
        return { instrument, error: error instanceof Error ? error.message.slice(0, 160) : 'no quote' };
      }
    }),
  );
}

function capsLeft(ctx: ToolContext): CardView['caps'] {
  const person = ctx.person;
  if (person === undefined) return undefined;
  const caps = personCaps(person);
  const used = ctx.deps.gate.usageOf(person.id);
  const left = (cap: number, use: number): CapLeft => ({ cap, used: use, left: Math.max(0, cap - use) });
  return {
    ...(caps.maxDailyOrders === undefined ? {} : { orders: left(caps.maxDailyOrders, used.orders) }),
    ...(caps.maxDailyValue === undefined ? {} : { value: left(caps.maxDailyValue, used.value) }),
  };
}

/** The card's view of a ticket for the person asking (the market is read now, in their lane). */
export async function cardView(ctx: ToolContext, ticket: Ticket): Promise<CardView> {
  const path = ticket.status === 'PENDING' ? (ticket.waitsFor ?? 'none') : confirmationOf(ticket);
  // Without a people file there is one operator; with one, only the requester decides here.
  const own = ticket.requestedBy.person === ctx.person?.id;
  const mayDecide = ticket.status === 'PENDING' && ticket.waitsFor === 'app' && own;
  const caps = capsLeft(ctx);
  return {
    ticket: ticketData(ticket, path, nextStepFor(ticket)),
    market: await marketNow(ctx, ticket),
    ...(ctx.deps.driftLimit === undefined ? {} : { drift: ctx.deps.driftLimit }),
    ...(caps === undefined ? {} : { caps }),
    mayDecide,
    ...(ctx.deps.webDesk === undefined ? {} : { deskUrl: ctx.deps.webDesk.ticketUrl(ticket.id) }),
  };
}
