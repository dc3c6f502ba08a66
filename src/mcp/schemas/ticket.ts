import { z } from 'zod';
import { instrumentKey } from '../../core/catalogue/index.js';
import { TICKET_STATUSES, type Ticket, type TicketLeg } from '../../core/gate/index.js';
import { cleanExternal } from '../untrusted.js';
import { EXTERNAL, rejectionOf, rejectionOut } from './common.js';

/** How a ticket was (or is to be) confirmed by a human. */
export const CONFIRMATION_PATHS = ['elicitation', 'discord', 'tool', 'none'] as const;
export type ConfirmationPath = (typeof CONFIRMATION_PATHS)[number];

const legOut = z.object({
  instrument: z.string(),
  side: z.string(),
  quantity: z.number(),
  priceType: z.string(),
  price: z.number().optional(),
  triggerPrice: z.number().optional(),
  product: z.string(),
  retention: z.string(),
  value: z.number().optional().describe('Rupees.'),
  lastPrice: z.number().optional(),
  status: z.string().optional().describe('Once sent.'),
  orderNumber: z.string().optional(),
  filledQuantity: z.number().optional(),
  averagePrice: z.number().optional(),
  rejection: rejectionOut.optional(),
  reason: z.string().optional().describe(`Why not placed. ${EXTERNAL}`),
});

/** What every placement tool (and confirm_order) answers: the ticket and where it stands. */
export const ticketOut = {
  ticketId: z.string(),
  status: z.enum(TICKET_STATUSES).describe('UNKNOWN: check get_order_status before placing again.'),
  kind: z.enum(['single', 'multi', 'straddle']),
  confirmation: z.enum(CONFIRMATION_PATHS),
  summary: z.string(),
  hash: z.string().describe('SHA-256 of the order payload.'),
  expiresAt: z.string().describe('IST.'),
  legs: z.array(legOut),
  orderNumbers: z.array(z.string()),
  violations: z.array(z.object({ rule: z.string(), message: z.string() })),
  margin: z.object({
    required: z.number().optional(),
    available: z.number().optional(),
    shortfall: z.number().optional(),
    basis: z.string(),
  }),
  warnings: z.array(z.string()),
  reason: z.string().optional(),
  decidedBy: z.object({ channel: z.string(), id: z.string() }).optional(),
  nextStep: z.string(),
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
    retention: leg.intent.retention,
    value: leg.value,
    lastPrice: leg.market?.lastPrice,
    status: o?.status,
    orderNumber: o?.orderNumber,
    filledQuantity: o?.filledQuantity,
    averagePrice: o?.averagePrice,
    rejection: o?.rejection && rejectionOf(o.rejection),
    reason: o?.reason === undefined ? undefined : cleanExternal(o.reason),
  };
}

/** The result view of a ticket. */
export function ticketData(ticket: Ticket, confirmation: ConfirmationPath, nextStep: string): TicketData {
  return {
    ticketId: ticket.id,
    status: ticket.status,
    kind: ticket.kind,
    confirmation,
    summary: ticket.summary,
    hash: ticket.hash,
    expiresAt: ticket.expiresAt,
    legs: ticket.legs.map(legOf),
    orderNumbers: ticket.legs.flatMap((l) => (l.outcome?.orderNumber ? [l.outcome.orderNumber] : [])),
    violations: ticket.violations.map((v) => ({ rule: v.rule, message: v.message })),
    margin: {
      required: ticket.margin.required,
      available: ticket.margin.available,
      shortfall: ticket.margin.shortfall,
      basis: ticket.margin.basis,
    },
    warnings: [...ticket.warnings],
    reason: ticket.reason === undefined ? undefined : cleanExternal(ticket.reason, 600),
    decidedBy: ticket.decidedBy && { channel: ticket.decidedBy.channel, id: ticket.decidedBy.id },
    nextStep,
  };
}

/** The path a decided ticket went through, read from who decided it. */
export function confirmationOf(ticket: Ticket): ConfirmationPath {
  const channel = ticket.decidedBy?.channel ?? '';
  if (channel === 'mcp-elicitation') return 'elicitation';
  if (channel === 'mcp-tool') return 'tool';
  return channel === 'discord' ? 'discord' : 'none';
}
