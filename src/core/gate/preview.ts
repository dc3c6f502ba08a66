import type { Actor } from '../audit/index.js';
import type { Instrument, InstrumentCatalog } from '../catalogue/index.js';
import {
  type CheckContext,
  checkBasket,
  type DailyUsage,
  type OrderIntent,
  type TradingPolicy,
  type Violation,
  violation,
} from '../checks/index.js';
import type { CallOptions } from '../client/options.js';
import type { BrokerClient } from '../client/types.js';
import { expiryMs } from '../client/validate.js';
import { isBrokerError } from '../errors.js';
import { orderProblems } from '../orders/order-request.js';
import { tagShapedWords, ticketTag } from '../orders/tag.js';
import { newTicketId } from '../orders/ticket-id.js';
import { type Person, personCaps } from '../people/person.js';
import { toIstIso } from '../time/ist.js';
import { DEFAULT_RETENTION, MAX_ORDERS_PER_MULTI } from '../vocabulary/index.js';
import { GateError } from './errors.js';
import { estimateMargin } from './margin.js';
import { legMarket } from './market.js';
import { freezeLeg, freezeStraddle, payloadHash } from './payload.js';
import { checkPersonCaps } from './person-caps.js';
import { resolveOrderInstrument, resolveStraddleContracts } from './resolve.js';
import { ticketSummary } from './summary.js';
import type { LegMarket, OrderInput, Ticket, TicketLeg, TicketRequest } from './types.js';

/** What a preview needs from the world. */
export interface PreviewDeps {
  readonly broker: Pick<BrokerClient, 'getQuote' | 'calculateSpan' | 'getLimits'>;
  readonly catalog: InstrumentCatalog;
  readonly policy: TradingPolicy;
  readonly context: CheckContext;
  readonly ttlMs: number;
  readonly signal?: AbortSignal;
  /** With a people file: the requester as it says now, and what their tickets hold today (their own caps). */
  readonly person?: { readonly person: Person; readonly usage: DailyUsage };
}

function intentOf(order: OrderInput, instrument: Instrument): OrderIntent {
  return {
    exchange: instrument.exchange,
    tradingSymbol: instrument.tradingSymbol,
    side: order.side,
    quantity: order.quantity,
    priceType: order.priceType,
    ...(order.price === undefined || order.price === 0 ? {} : { price: order.price }),
    ...(order.triggerPrice === undefined ? {} : { triggerPrice: order.triggerPrice }),
    product: order.product,
    retention: order.retention ?? DEFAULT_RETENTION,
  };
}

/** Structural problems (wrong words, non-numbers, a forged tag) are refused before anything is looked up. */
function validate(intent: OrderIntent, remarks: string | undefined, label: string): void {
  const problems = orderProblems(intent);
  const forged = tagShapedWords(remarks);
  if (forged.length > 0) {
    problems.push(
      `remarks must not contain ${forged.map((w) => JSON.stringify(w.slice(0, 40))).join(', ')}: omsdesk writes ` +
        'its own order tag there to find the order again; remove it',
    );
  }
  if (problems.length > 0) throw new GateError('INVALID_ORDER', `${label}: ${problems.join('; ')}`);
}

async function quoteOf(call: CallOptions, deps: PreviewDeps, i: Instrument): Promise<LegMarket | undefined> {
  try {
    return legMarket(await deps.broker.getQuote({ exchange: i.exchange, token: i.token }, call));
  } catch (error) {
    if (isBrokerError(error)) return undefined; // the checks then report what could not be valued
    throw error;
  }
}

interface Draft {
  readonly instrument: Instrument;
  readonly intent: OrderIntent;
  readonly tag: string;
  readonly remarks: string | undefined;
}

/** What places new orders: every request but a modification (which the gate turns into a `single`). */
export type PlacingRequest = Exclude<TicketRequest, { readonly kind: 'modify' }>;

function drafts(
  request: PlacingRequest,
  catalog: InstrumentCatalog,
  id: string,
): { legs: Draft[]; straddle?: Record<string, string> } {
  if (request.kind === 'straddle') {
    const s = request.straddle;
    const tag = ticketTag(id);
    const contracts = resolveStraddleContracts(catalog, s);
    const legs = contracts.map((instrument) => {
      const intent: OrderIntent = {
        exchange: 'NFO',
        tradingSymbol: instrument.tradingSymbol,
        side: 'BUY',
        quantity: s.quantity,
        priceType: 'MKT',
        product: s.product,
        retention: DEFAULT_RETENTION,
      };
      validate(intent, s.remarks, instrument.tradingSymbol);
      return { instrument, intent, tag, remarks: s.remarks };
    });
    return { legs, straddle: freezeStraddle(s, expiryMs(s.expiry) as number, tag) };
  }
  const orders = request.kind === 'single' ? [request.order] : request.orders;
  if (orders.length === 0 || orders.length > MAX_ORDERS_PER_MULTI) {
    throw new GateError(
      'INVALID_ORDER',
      `a multi-order ticket holds 1 to ${MAX_ORDERS_PER_MULTI} orders, got ${orders.length}`,
    );
  }
  const legs = orders.map((order, n) => {
    const instrument = resolveOrderInstrument(catalog, order);
    const intent = intentOf(order, instrument);
    validate(intent, order.remarks, orders.length > 1 ? `order ${n + 1}` : 'order');
    return {
      instrument,
      intent,
      tag: ticketTag(id, request.kind === 'multi' ? n + 1 : undefined),
      remarks: order.remarks,
    };
  });
  return { legs };
}

/**
 * Previews a request: resolves instruments, fetches quotes, runs every pre-trade check, estimates margin
 * and freezes the exact wire payload with its hash. A ticket that fails a check comes back `REFUSED`.
 */
export async function buildTicket(
  request: PlacingRequest,
  requestedBy: Actor,
  deps: PreviewDeps,
  modifies?: string,
): Promise<Ticket> {
  const id = newTicketId();
  const { legs: draft, straddle } = drafts(request, deps.catalog, id);
  // A preview is its requester's read: people's lane, queued with that person's other reads.
  const call: CallOptions = {
    lane: 'people',
    asker:
      requestedBy.person === undefined
        ? `${requestedBy.channel}:${requestedBy.id}`
        : `person:${requestedBy.person}`,
    ...(deps.signal === undefined ? {} : { signal: deps.signal }),
  };
  const markets = await Promise.all(draft.map((d) => quoteOf(call, deps, d.instrument)));
  const checked = checkBasket({
    legs: draft.map((d, i) => ({
      intent: d.intent,
      instrument: d.instrument,
      ...(markets[i] ? { market: markets[i] } : {}),
    })),
    policy: deps.policy,
    context: deps.context,
  });
  const legs: TicketLeg[] = draft.map((d, i) => ({
    instrument: d.instrument,
    intent: d.intent,
    ...freezeLeg(d.instrument, d.intent, d.tag, d.remarks),
    market: markets[i],
    value: checked.legs[i]?.value,
  }));
  const unpriced = draft.flatMap((d, i) =>
    markets[i] === undefined && !checked.legs[i]?.violations.some((v) => v.rule === 'VALUE_UNKNOWN')
      ? [
          violation(
            'QUOTE_UNAVAILABLE',
            `No quote for ${d.instrument.tradingSymbol} could be fetched, so an approval could not tell whether its price moved: try again in a moment.`,
          ),
        ]
      : [],
  );
  const violations: Violation[] = [
    ...checked.legs.flatMap((l) => l.violations),
    ...checked.basket,
    ...unpriced,
    ...(deps.person === undefined
      ? []
      : checkPersonCaps(
          { orders: legs.length, value: checked.value },
          deps.person.usage,
          personCaps(deps.person.person),
          deps.person.person.id,
        )),
  ];
  const margin = await estimateMargin(deps.broker, legs, call);
  const warnings = margin.shortfall ? [`margin short by about ${margin.shortfall} rupees`] : [];
  const heading = straddle
    ? `Long straddle on ${straddle.symbol} ${straddle.expiry} ${straddle.strikePrice}: buys the call and the put.`
    : modifies === undefined
      ? undefined
      : `Modifies working order ${modifies} to these terms (its side and instrument stay).`;
  const kind = modifies === undefined ? request.kind : 'modify';
  const now = deps.context.now;
  return {
    id,
    kind,
    ...(modifies === undefined ? {} : { modifies }),
    status: violations.length > 0 ? 'REFUSED' : 'PENDING',
    createdAt: toIstIso(now),
    expiresAt: toIstIso(now + deps.ttlMs),
    requestedBy,
    legs,
    ...(straddle ? { straddle } : {}),
    hash: payloadHash(id, kind, legs, straddle, modifies),
    summary: ticketSummary(legs, margin, heading),
    violations,
    warnings,
    margin,
    ...(violations.length > 0 ? { reason: violations.map((v) => v.message).join(' ') } : {}),
  };
}
