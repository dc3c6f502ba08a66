import { formatExpiryLong } from '../time/ist.js';
import {
  DERIVATIVE_KINDS,
  type DerivativeKind,
  OPTION_TYPES,
  type OptionType,
  PRODUCTS,
  type Product,
} from '../vocabulary/index.js';
import type { SpanPosition } from '../wire/index.js';
import { decimalText, expiryMs, type TimeInput } from './validate.js';

/** One derivative position for the span calculator; quantities in units. */
export interface SpanPositionInput {
  readonly kind: DerivativeKind;
  /** The underlying, for example `NIFTY`. */
  readonly symbolName: string;
  readonly expiry: TimeInput;
  /** Options only. */
  readonly optionType?: OptionType;
  /** Options only. */
  readonly strikePrice?: number;
  readonly buyQuantity?: number;
  readonly sellQuantity?: number;
  /** Default `buyQuantity - sellQuantity`. */
  readonly netQuantity?: number;
}

/** Positions to price with the span calculator. */
export interface SpanQuery {
  readonly positions: readonly SpanPositionInput[];
  /** Default `M`. */
  readonly product?: Product;
}

/** What is wrong with a span query; empty when it may be sent. */
export function spanProblems(query: SpanQuery): string[] {
  const problems: string[] = [];
  if (!Array.isArray(query.positions) || query.positions.length === 0)
    problems.push('positions must hold at least one position');
  if (query.product !== undefined && !PRODUCTS.includes(query.product))
    problems.push(`product must be one of ${PRODUCTS.join(', ')}`);
  (query.positions ?? []).forEach((p, i) => {
    const at = `positions[${i}]`;
    if (!DERIVATIVE_KINDS.includes(p.kind))
      problems.push(`${at}.kind must be one of ${DERIVATIVE_KINDS.join(', ')}`);
    if (typeof p.symbolName !== 'string' || p.symbolName.trim() === '')
      problems.push(`${at}.symbolName is required`);
    if (expiryMs(p.expiry) === undefined)
      problems.push(`${at}.expiry must be DD-MMM-YYYY, DDMMMYY or a date`);
    const option = p.kind === 'OPTIDX' || p.kind === 'OPTSTK';
    if (option && (p.optionType === undefined || !OPTION_TYPES.includes(p.optionType)))
      problems.push(`${at}.optionType must be CE or PE for options`);
    if (option && !(p.strikePrice !== undefined && Number.isFinite(p.strikePrice) && p.strikePrice > 0)) {
      problems.push(`${at}.strikePrice must be a positive number for options`);
    }
    for (const name of ['buyQuantity', 'sellQuantity'] as const) {
      const q = p[name];
      if (q !== undefined && !(Number.isSafeInteger(q) && q >= 0))
        problems.push(`${at}.${name} must be a whole number of units`);
    }
    if (p.netQuantity !== undefined && !Number.isSafeInteger(p.netQuantity))
      problems.push(`${at}.netQuantity must be a whole number`);
    if ((p.buyQuantity ?? 0) === 0 && (p.sellQuantity ?? 0) === 0)
      problems.push(`${at} needs a buyQuantity or a sellQuantity`);
  });
  return problems;
}

/** One position in wire form (always on NFO). */
export function spanPosition(p: SpanPositionInput, product: Product): SpanPosition {
  const buy = p.buyQuantity ?? 0;
  const sell = p.sellQuantity ?? 0;
  return {
    exchange: 'NFO',
    instname: p.kind,
    symbolName: p.symbolName.trim(),
    expd: formatExpiryLong(expiryMs(p.expiry) as number),
    ...(p.optionType === undefined ? {} : { optt: p.optionType }),
    ...(p.strikePrice === undefined ? {} : { strikePrice: decimalText(p.strikePrice) }),
    buyQuantity: String(buy),
    sellQuantity: String(sell),
    netQuantity: String(p.netQuantity ?? buy - sell),
    product,
  };
}
