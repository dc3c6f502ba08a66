import type { Actor, AuditLog } from '../audit/index.js';
import { type CheckContext, checkBasket, type TradingPolicy } from '../checks/index.js';
import type { BrokerClient } from '../client/types.js';
import { isBrokerError } from '../errors.js';
import { GateError } from './errors.js';
import { type DriftLimit, legMarket, priceDrift } from './market.js';
import { payloadHash } from './payload.js';
import type { LegMarket, Ticket } from './types.js';

/** What the re-checks at approval need. */
export interface RecheckDeps {
  readonly broker: Pick<BrokerClient, 'getQuote'>;
  readonly policy: TradingPolicy;
  readonly context: CheckContext;
  readonly drift: DriftLimit;
  readonly signal?: AbortSignal;
}

/**
 * Everything checked again between a human's approval and the sending: the payload still matches the
 * approved hash, the policy (kill switch, read-only, hours, caps with current usage) still allows it at
 * current prices, and prices have not drifted. Throws a `GateError` on the first failure; returns the
 * ticket's value at current prices.
 */
export async function recheck(ticket: Ticket, deps: RecheckDeps): Promise<number | undefined> {
  if (payloadHash(ticket.id, ticket.kind, ticket.legs, ticket.straddle, ticket.modifies) !== ticket.hash) {
    throw new GateError(
      'TICKET_TAMPERED',
      `ticket ${ticket.id} no longer matches what was approved; nothing was sent`,
    );
  }
  let fresh: LegMarket[];
  try {
    // In the placement lane: fresh quotes, never waiting behind people's reads.
    const call = {
      lane: 'placement',
      ...(deps.signal === undefined ? {} : { signal: deps.signal }),
    } as const;
    fresh = await Promise.all(
      ticket.legs.map(async (l) =>
        legMarket(
          await deps.broker.getQuote({ exchange: l.instrument.exchange, token: l.instrument.token }, call),
        ),
      ),
    );
  } catch (error) {
    const why = isBrokerError(error) ? error.message : 'unexpected error';
    throw new GateError(
      'CHECKS_FAILED',
      `could not re-check prices before sending (${why}); nothing was sent: preview again`,
    );
  }
  const checked = checkBasket({
    legs: ticket.legs.map((l, i) => ({
      intent: l.intent,
      instrument: l.instrument,
      ...(fresh[i] ? { market: fresh[i] } : {}),
    })),
    policy: deps.policy,
    context: deps.context,
  });
  const violations = [...checked.legs.flatMap((l) => l.violations), ...checked.basket];
  if (violations.length > 0) {
    throw new GateError('CHECKS_FAILED', violations.map((v) => v.message).join(' '), { violations });
  }
  const drift = priceDrift(ticket.legs, fresh, deps.drift);
  if (drift.length > 0) throw new GateError('PRICE_DRIFT', drift.join('; '));
  return checked.value;
}

/** Appends a ticket transition to the audit log (awaited: the next step waits for the disk). */
export function auditTransition(
  audit: AuditLog,
  ticket: Ticket,
  event: string,
  actor?: Actor,
  data?: Record<string, unknown>,
): Promise<unknown> {
  return audit.append({
    event,
    ticket: ticket.id,
    ...(actor === undefined ? {} : { actor }),
    data: { status: ticket.status, ...data },
  });
}

/** The legs' outcomes as the audit log records them. */
export function legsForAudit(ticket: Ticket): unknown[] {
  return ticket.legs.map((l) => ({
    tradingSymbol: l.instrument.tradingSymbol,
    tag: l.request.tag,
    ...l.outcome,
  }));
}
