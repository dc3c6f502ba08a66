import {
  BROKER_TEXTS,
  DERIVATIVE_KINDS,
  type DerivativeKind,
  ENDPOINTS,
} from '../../core/vocabulary/index.js';
import { spanPosition, spanRequest, type SpanPosition as WirePosition } from '../../core/wire/index.js';
import { money, timeFirst } from '../format.js';
import { SimFailure } from '../http/failure.js';
import { validateBody } from '../http/validate.js';
import { findContract, type SpanPosition, spanMargin } from '../market/index.js';
import type { Route, RouteContext } from '../runtime.js';

const invalid = (): SimFailure => new SimFailure(BROKER_TEXTS.invalidInput);

/** The positions of a request: the `pos` array, or (as the spec's sample sends it) one position flat. */
function wirePositions(body: Record<string, unknown>): WirePosition[] {
  if (Array.isArray(body.pos)) return validateBody(spanRequest, body).pos;
  return [validateBody(spanPosition, body)];
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
 * `/api/spanCalculators`: span and exposure of the positions, and (`*_trade`) of the positions together
 * with the account's open derivative positions, netted.
 */
export const spanRoute: Route = {
  path: ENDPOINTS.span.path,
  form: 'v1Time',
  session: true,
  handle(ctx) {
    const positions = wirePositions(ctx.body).map((p) => resolve(ctx, p));
    const alone = spanMargin(positions, ctx.rt.market, ctx.now);
    const open = ctx.session ? ctx.rt.openDerivatives(ctx.session.userId, ctx.now) : [];
    const together = spanMargin([...open, ...positions], ctx.rt.market, ctx.now);
    return {
      request_time: timeFirst(ctx.now),
      stat: 'Ok',
      span: money(alone.span),
      expo: money(alone.exposure),
      span_trade: money(together.span),
      expo_trade: money(together.exposure),
    };
  },
};
