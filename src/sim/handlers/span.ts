import {
  BROKER_TEXTS,
  DERIVATIVE_KINDS,
  type DerivativeKind,
  ENDPOINTS,
} from '../../core/vocabulary/index.js';
import { spanPosition, spanRequest, str, type SpanPosition as WirePosition } from '../../core/wire/index.js';
import { money, timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import { findContract, type SpanPosition, spanMargin } from '../market/index.js';
import type { Route, RouteContext } from '../runtime.js';
import { checkAccountId } from './order-entry.js';

const invalid = (): SimFailure => new SimFailure(BROKER_TEXTS.invalidInput);

/** The spec's sample request: one position flat in the body, beside `userId`, `actid` and `jKey`. */
const flatRequest = spanPosition.extend({ actid: str });

/**
 * The positions of a request: the `pos` array, or (as the spec's sample sends it) one position flat.
 * Either way `actid` must be the session's account.
 */
function wirePositions(ctx: RouteContext): WirePosition[] {
  if (Array.isArray(ctx.body.pos)) {
    const body = validateBody(spanRequest, ctx.body);
    checkAccountId(ctx, body.actid);
    return body.pos;
  }
  const { actid, ...position } = validateBody(flatRequest, ctx.body);
  checkAccountId(ctx, actid);
  return [position];
}

function quantity(text: string): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isInteger(n) || n < 0) throw invalid();
  return n;
}

function resolve(ctx: RouteContext, p: WirePosition): SpanPosition {
  const kind = p.instname.trim().toUpperCase();
  if (p.exchange.trim().toUpperCase() !== 'NFO' || !(DERIVATIVE_KINDS as readonly string[]).includes(kind)) {
    throw invalid();
  }
  const option = kind.startsWith('OPT');
  const strike = Number(p.strikePrice ?? '');
  const instrument = findContract(ctx.rt.market.universe(ctx.now), {
    symbolName: p.symbolName,
    kind: kind as DerivativeKind,
    expiry: p.expd,
    ...(option ? { strike, optionType: (p.optt ?? '').trim().toUpperCase() as 'CE' | 'PE' } : {}),
  });
  if (!instrument) throw invalid();
  const buy = quantity(p.buyQuantity);
  const sell = quantity(p.sellQuantity);
  const net = Number(p.netQuantity);
  if (!Number.isInteger(net) || net !== buy - sell) throw invalid();
  return { instrument, netQuantity: net };
}

/**
 * Span and exposure of the positions alone, and (`*_trade`) together with the account's open
 * derivative positions, netted; as the margin result's decimal strings.
 */
export function spanFigures(ctx: RouteContext, wire: readonly WirePosition[]): Record<string, string> {
  const positions = wire.map((p) => resolve(ctx, p));
  const alone = spanMargin(positions, ctx.rt.market, ctx.now);
  const open = ctx.session ? ctx.rt.openDerivatives(ctx.session.userId, ctx.now) : [];
  const together = spanMargin([...open, ...positions], ctx.rt.market, ctx.now);
  return {
    span: money(alone.span),
    expo: money(alone.exposure),
    span_trade: money(together.span),
    expo_trade: money(together.exposure),
  };
}

/** `/api/spanCalculators`: the margin result of the positions for the session's own account. */
export const spanRoute: Route = {
  path: ENDPOINTS.span.path,
  form: 'v1Time',
  session: true,
  handle(ctx) {
    const figures = spanFigures(ctx, wirePositions(ctx));
    return { request_time: timeFirst(ctx.now), stat: 'Ok', ...figures };
  },
};
