import { z } from 'zod';
import type { Actor } from '../../core/audit/index.js';
import { instrumentKey } from '../../core/catalogue/index.js';
import type { Ticket, TicketLeg } from '../../core/gate/index.js';
import { cleanExternal } from '../untrusted.js';
import { rejectionOf, rejectionOut } from './common.js';

/** How a ticket was (or is to be) confirmed by a human. */
export const CONFIRMATION_PATHS = ['elicitation', 'app', 'discord', 'tool', 'web', 'none'] as const;
export type ConfirmationPath = (typeof CONFIRMATION_PATHS)[number];

/** One order of a ticket: what it asks (the summary says the rest) and, once sent, what became of it. */
const legOut = z.object({
  instrument: z.string(),
  side: z.string(),
  quantity: z.number(),
  priceType: z.string(),
  price: z.number().optional(),
  triggerPrice: z.number().optional(),
  product: z.string(),
  status: z.string().optional(),
  orderNumber: z.string().optional(),
  filledQuantity: z.number().optional(),
  averagePrice: z.number().optional(),
  rejection: rejectionOut.optional(),
  reason: z.string().optional(),
});

/** What the answer and the whole ticket share: where the ticket stands and what it is for. */
const ticketHead = {
  ticketId: z.string(),
  status: z.string(),
  confirmation: z.string(),
  summary: z.string(),
  hash: z.string(),
  expiresAt: z.string(),
  orderNumbers: z.array(z.string()),
  reason: z.string().optional(),
  nextStep: z.string(),
};

/**
 * A ticket as tools answer it in data (the placement tools, confirm_order, get_order_status): what a
 * program acts on, for a client that shows a model the data without the text: what the person agrees to
 * (summary), the payload's hash and deadline confirm_order takes, why nothing was sent (every failed
 * check, the broker's or the decider's reason). The legs, the margin and who decided are in the text and
 * in omsdesk://tickets/{id}, which the result links.
 */
export const answerOut = { ...ticketHead, failedChecks: z.array(z.string()) };
export type AnswerData = z.input<z.ZodObject<typeof answerOut>>;

/** The whole ticket (omsdesk://tickets/{id}): the answer, what was asked, the checks, who decided, legs, margin. */
export const ticketOut = {
  ...ticketHead,
  kind: z.enum(['single', 'multi', 'straddle', 'modify']),
  violations: z.array(z.object({ rule: z.string(), message: z.string() })),
  warnings: z.array(z.string()),
  requestedBy: z.object({ channel: z.string(), id: z.string(), person: z.string().optional() }),
  decidedBy: z.object({ channel: z.string(), id: z.string(), person: z.string().optional() }).optional(),
  legs: z.array(legOut),
  margin: z.object({
    required: z.number().optional(),
    available: z.number().optional(),
    shortfall: z.number().optional(),
    basis: z.string(),
  }),
};
export type TicketData = z.input<z.ZodObject<typeof ticketOut>>;

function legOf(leg: TicketLeg): z.input<typeof legOut> {
  const o = leg.outcome;
  return {
    instrument: instrumentKey(leg.instrument),
    side: leg.intent.side,
    quantity: leg.intent.quantity,
    priceType: leg.intent.priceType,
    price: leg.intent.price,
    triggerPrice: leg.intent.triggerPrice,
    product: leg.intent.product,
    status: o?.status,
    orderNumber: o?.orderNumber,
    filledQuantity: o?.filledQuantity,
    averagePrice: o?.averagePrice,
    rejection: o?.rejection && rejectionOf(o.rejection),
    reason: o?.reason === undefined ? undefined : cleanExternal(o.reason),
  };
}

/** The answer view of a ticket. */
export function answerData(ticket: Ticket, confirmation: ConfirmationPath, nextStep: string): AnswerData {
  return {
    ticketId: ticket.id,
    status: ticket.status,
    confirmation,
    summary: ticket.summary,
    hash: ticket.hash,
    expiresAt: ticket.expiresAt,
    orderNumbers: ticket.legs.flatMap((l) => (l.outcome?.orderNumber ? [l.outcome.orderNumber] : [])),
    failedChecks: ticket.violations.map((v) => v.message),
    reason: ticket.reason === undefined ? undefined : cleanExternal(ticket.reason, 600),
    nextStep,
  };
}

/** The whole view of a ticket. */
export function ticketData(ticket: Ticket, confirmation: ConfirmationPath, nextStep: string): TicketData {
  const { failedChecks: _messages, ...head } = answerData(ticket, confirmation, nextStep);
  return {
    ...head,
    kind: ticket.kind,
    violations: ticket.violations.map((v) => ({ rule: v.rule, message: v.message })),
    warnings: [...ticket.warnings],
    requestedBy: actorOut(ticket.requestedBy),
    decidedBy: ticket.decidedBy && actorOut(ticket.decidedBy),
    legs: ticket.legs.map(legOf),
    margin: {
      required: ticket.margin.required,
      available: ticket.margin.available,
      shortfall: ticket.margin.shortfall,
      basis: ticket.margin.basis,
    },
  };
}

/** Who acted, as the ticket's data names them: channel, id there, and their person (with a people file). */
function actorOut(actor: Actor): { channel: string; id: string; person?: string } {
  return {
    channel: actor.channel,
    id: actor.id,
    ...(actor.person === undefined ? {} : { person: actor.person }),
  };
}

/** The path a decided ticket went through, read from who decided it. */
export function confirmationOf(ticket: Ticket): ConfirmationPath {
  const channel = ticket.decidedBy?.channel ?? '';
  if (channel === 'mcp-elicitation') return 'elicitation';
  if (channel === 'mcp-tool') return 'tool';
  if (channel === 'mcp-app') return 'app';
  if (channel === 'web') return ticket.waitsFor === 'web' ? 'web' : 'discord';
  return channel === 'discord' ? 'discord' : 'none';
}
