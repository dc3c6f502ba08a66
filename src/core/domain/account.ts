import { fromUnits, toUnits } from '../price.js';
import type { LimitsSuccess, SpanSuccess } from '../wire/index.js';
import { istIso, optPrice, reqPrice } from './values.js';

/** Cash and margin of the account; amounts in rupees. */
export interface AccountLimits {
  readonly version: 'V3' | 'V4';
  readonly cash: number;
  readonly payin: number | undefined;
  readonly marginUsed: number;
  readonly brokerCollateral: number | undefined;
  readonly peakMargin: number | undefined;
  readonly span: number | undefined;
  readonly exposure: number | undefined;
  readonly premium: number | undefined;
  readonly collateral: number | undefined;
  /** `cash + payin + collateral - marginused`, computed exactly. */
  readonly available: number;
  readonly requestTime: string | undefined;
  readonly raw: unknown;
}

/** Margin the span calculator asks for: for the positions alone, and with the account's positions netted. */
export interface MarginEstimate {
  readonly span: number;
  readonly exposure: number;
  readonly spanWithPositions: number | undefined;
  readonly exposureWithPositions: number | undefined;
  /** `span + exposure`: the margin these positions block. */
  readonly total: number;
  readonly requestTime: string | undefined;
  readonly raw: unknown;
}

/** Sum of amounts without float drift (each exact to 4 decimals). */
export function exactSum(...amounts: ReadonlyArray<number | undefined>): number {
  return fromUnits(
    amounts.reduce<number>((sum, amount) => sum + (amount === undefined ? 0 : (toUnits(amount) ?? 0)), 0),
  );
}

/** The limits answer. */
export function limitsFromWire(body: LimitsSuccess, version: 'V3' | 'V4', raw: unknown): AccountLimits {
  const d = body.data;
  const cash = reqPrice(d.cash, 'data.cash');
  const payin = optPrice(d.payin);
  const marginUsed = reqPrice(d.marginused, 'data.marginused');
  const collateral = optPrice(d.collateral);
  return {
    version,
    cash,
    payin,
    marginUsed,
    brokerCollateral: optPrice(d.brkcollamt),
    peakMargin: optPrice(d.peak_mar),
    span: optPrice(d.span),
    exposure: optPrice(d.expo),
    premium: optPrice(d.premium),
    collateral,
    available: exactSum(cash, payin, collateral, -marginUsed),
    requestTime: istIso(d.requestTime),
    raw,
  };
}

/** The span calculator's answer. */
export function marginFromWire(body: SpanSuccess, raw: unknown): MarginEstimate {
  const span = reqPrice(body.span, 'span');
  const exposure = reqPrice(body.expo, 'expo');
  return {
    span,
    exposure,
    spanWithPositions: optPrice(body.span_trade),
    exposureWithPositions: optPrice(body.expo_trade),
    total: exactSum(span, exposure),
    requestTime: istIso(body.request_time),
    raw,
  };
}
