import { isFuture, isOption } from '../catalogue/index.js';
import { showRupees } from '../checks/index.js';
import type { CallOptions } from '../client/options.js';
import type { SpanPositionInput } from '../client/span.js';
import type { BrokerClient } from '../client/types.js';
import { isBrokerError } from '../errors.js';
import type { MarginView, TicketLeg } from './types.js';

/** Intraday cash positions block about a fifth of their value (the broker's usual leverage). */
const INTRADAY_CASH_SHARE = 0.2;

function spanPosition(leg: TicketLeg): SpanPositionInput | undefined {
  const { instrument: i, intent } = leg;
  const short = intent.side === 'SELL';
  // Futures and short options carry span; the kind test also narrows `kind` for the span query.
  if (i.kind === 'EQ' || i.kind === 'INDEX' || i.expiry === undefined) return undefined;
  if (!(isFuture(i.kind) || (isOption(i.kind) && short))) return undefined;
  return {
    kind: i.kind,
    symbolName: i.symbolName,
    expiry: i.expiry,
    ...(i.optionType === undefined ? {} : { optionType: i.optionType }),
    ...(i.strike === undefined ? {} : { strikePrice: i.strike }),
    buyQuantity: short ? 0 : intent.quantity,
    sellQuantity: short ? intent.quantity : 0,
  };
}

/**
 * What the legs would use of the account: span and exposure from the broker's span calculator for futures
 * and short options, the premium for long options, the value for delivery buys and a fifth of it
 * intraday; a delivery sell uses holdings, not margin. Compared with the limits' available margin.
 */
export async function estimateMargin(
  broker: Pick<BrokerClient, 'calculateSpan' | 'getLimits'>,
  legs: readonly TicketLeg[],
  call: CallOptions = {},
): Promise<MarginView> {
  const parts: string[] = [];
  let required = 0;
  let unknown = false;
  const cash = (share: number, label: string, leg: TicketLeg): void => {
    if (leg.value === undefined) unknown = true;
    else {
      required += leg.value * share;
      parts.push(`${showRupees(leg.value * share)} ${label} for ${leg.instrument.tradingSymbol}`);
    }
  };
  for (const leg of legs) {
    const { instrument: i, intent } = leg;
    if (isOption(i.kind) && intent.side === 'BUY') cash(1, 'premium', leg);
    else if (i.kind === 'EQ' && intent.product === 'C' && intent.side === 'BUY')
      cash(1, 'delivery value', leg);
    else if (i.kind === 'EQ' && intent.side === 'SELL' && intent.product === 'C')
      parts.push(`held shares of ${i.tradingSymbol}`);
    else if (i.kind === 'EQ') cash(INTRADAY_CASH_SHARE, 'intraday margin (20%)', leg);
  }
  const positions = legs.map(spanPosition).filter((p): p is SpanPositionInput => p !== undefined);
  const [span, limits] = await Promise.allSettled([
    positions.length > 0 ? broker.calculateSpan({ positions }, call) : Promise.resolve(undefined),
    broker.getLimits(call),
  ]);
  if (span.status === 'fulfilled' && span.value !== undefined) {
    required += span.value.total;
    parts.push(`${showRupees(span.value.span)} span + ${showRupees(span.value.exposure)} exposure`);
  } else if (span.status === 'rejected') {
    unknown = true;
    parts.push(`span not available (${reason(span.reason)})`);
  }
  const available = limits.status === 'fulfilled' ? limits.value.available : undefined;
  const total = unknown ? undefined : Math.round(required * 100) / 100;
  return {
    required: total,
    available,
    shortfall:
      total !== undefined && available !== undefined
        ? Math.max(0, Math.round((total - available) * 100) / 100)
        : undefined,
    basis: parts.length > 0 ? parts.join('; ') : 'no margin needed',
  };
}

function reason(error: unknown): string {
  return isBrokerError(error) ? error.message : 'unexpected error';
}
