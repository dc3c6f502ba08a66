import type { Decoded } from '../decode/index.js';
import { composeRemarks, newTag, TAG_PATTERN } from '../orders/tag.js';
import { formatExpiryShort } from '../time/ist.js';
import { PRODUCTS, type Product } from '../vocabulary/index.js';
import { type MultiOrderElement, multiOrderResponse } from '../wire/index.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';
import { type LegResult, legResults } from './placement-results.js';
import { okValue, request } from './request.js';
import {
  assertValid,
  decimalText,
  expiryMs,
  requireSession,
  sessionBody,
  type TimeInput,
} from './validate.js';

/** A long straddle: buy the call and the put of `symbol` at one strike and expiry. */
export interface StraddleRequest {
  /** The underlying, for example `NIFTY`. */
  readonly symbol: string;
  readonly strikePrice: number;
  /** `DDMMMYY`, `DD-MMM-YYYY` or a date. */
  readonly expiry: TimeInput;
  readonly product: Product;
  /** Units per leg. */
  readonly quantity: number;
  readonly remarks?: string;
  readonly tag?: string;
}

/** Both legs' answers in the broker's order (call first, then put), and the tag they share. */
export interface StraddleResult {
  readonly tag: string;
  readonly remarks: string;
  readonly legs: readonly LegResult[];
}

function straddleProblems(s: StraddleRequest): string[] {
  const problems: string[] = [];
  if (typeof s.symbol !== 'string' || s.symbol.trim() === '')
    problems.push('symbol is required (for example NIFTY)');
  if (!(Number.isFinite(s.strikePrice) && s.strikePrice > 0))
    problems.push('strikePrice must be a positive number');
  if (expiryMs(s.expiry) === undefined) problems.push('expiry must be DDMMMYY, DD-MMM-YYYY or a date');
  if (!PRODUCTS.includes(s.product)) problems.push(`product must be one of ${PRODUCTS.join(', ')}`);
  if (!(Number.isSafeInteger(s.quantity) && s.quantity > 0))
    problems.push('quantity must be a positive whole number of units');
  if (s.tag !== undefined && !TAG_PATTERN.test(s.tag))
    problems.push('tag must be 3-32 characters of letters, digits and : _ . -');
  return problems;
}

/** Places a long straddle; never retried. */
export async function straddleMethod(
  ctx: ClientContext,
  s: StraddleRequest,
  call?: CallOptions,
): Promise<StraddleResult> {
  const label = 'placeLongStraddle';
  assertValid(label, straddleProblems(s));
  const tag = s.tag ?? newTag();
  const remarks = composeRemarks(tag, s.remarks, ctx.remarksMaxLength);
  const legs = [
    { tag, remarks },
    { tag, remarks },
  ];
  ctx.logger.info('placing long straddle', { tag, symbol: s.symbol, quantity: s.quantity });
  return request(ctx, {
    endpoint: 'longStraddle',
    label,
    schema: multiOrderResponse,
    tag,
    call,
    body: (session) =>
      sessionBody(session, {
        actId: requireSession(session).accountId,
        symbol: s.symbol.trim(),
        strikePrice: decimalText(s.strikePrice),
        expiry: formatExpiryShort(expiryMs(s.expiry) as number),
        product: s.product,
        quantity: String(s.quantity),
        remarks,
      }),
    map: (d: Decoded<MultiOrderElement[]>) => ({
      tag,
      remarks,
      legs: legResults(okValue(d), legs, label, '/apiV2/strategies/longStraddle'),
    }),
  });
}
