import { z } from 'zod';
import { instrumentKey } from '../../core/catalogue/index.js';
import { TICKET_STATUSES, type Ticket, type TicketLeg } from '../../core/gate/index.js';
import { cleanExternal } from '../untrusted.js';
import { EXTERNAL, rejectionOf, rejectionOut } from './common.js';

/** How a ticket was (or is to be) confirmed by a human. */
export const CONFIRMATION_PATHS = ['elicitation', 'discord', 'tool', 'none'] as const;
export type ConfirmationPath = (typeof CONFIRMATION_PATHS)[number];

const legOut = z.object({
  instrument: z.string().describe('EXCHANGE:TRADINGSYMBOL'),
  side: z.string(),
  quantity: z.number(),
  priceType: z.string(),
  price: z.number().optional(),
  triggerPrice: z.number().optional(),
  product: z.string(),
  retention: z.string(),
  value: z.number().optional().describe('Rupees; market orders valued at the current price.'),
  lastPrice: z.number().optional(),
  status: z
    .string()
    .optional()
    .describe('Once sent: PLACED, OPEN, COMPLETE, REJECTED, CANCELED, NOT_PLACED or UNKNOWN.'),
  orderNumber: z.string().optional(),
  filledQuantity: z.number().optional(),
  averagePrice: z.number().optional(),
  rejection: rejectionOut.optional(),
  reason: z.string().optional().describe(`Why the leg was not placed. ${EXTERNAL}`),
});

/** What every placement tool (and confirm_order) answers: the ticket and where it stands. */
export const ticketOut = {
  ticketId: z.string(),
  status: z
    .enum(TICKET_STATUSES)
    .describe(
      'PENDING (awaiting confirmation), REFUSED (checks failed), DECLINED, EXPIRED, PLACED, COMPLETE, REJECTED, CANCELED, SETTLED (legs ended differently), UNKNOWN (check get_order_status), NOT_PLACED.',
    ),
  kind: z.enum(['single', 'multi', 'straddle']),
  confirmation: z.enum(CONFIRMATION_PATHS).describe('How a human confirms (or confirmed) this ticket.'),
  summary: z.string().describe('The paragraph a human approves.'),
  hash: z.string().describe('SHA-256 of the exact order payload; confirm_order may name it.'),
  expiresAt: z.string().describe('ISO 8601, IST: a ticket not confirmed by then expires.'),
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
  reason: z.string().optional().describe('Why it was refused, declined or not placed.'),
  decidedBy: z.object({ channel: z.string(), id: z.string() }).optional(),
  nextStep: z.string().describe('What to do now.'),
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
