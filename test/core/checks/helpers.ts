import type { Instrument } from '../../../src/core/catalogue/index.js';
import type {
  CheckContext,
  CheckResult,
  MarketView,
  OrderIntent,
  TradingPolicy,
} from '../../../src/core/checks/index.js';
import { checkOrder } from '../../../src/core/checks/index.js';
import { fromIst } from '../../../src/core/time/ist.js';

/** Monday 23 November 2026, 10:00 IST: a trading day, inside the session. */
export const MONDAY_10 = fromIst(2026, 11, 23, 10, 0);

export const RELIANCE: Instrument = {
  exchange: 'NSE',
  token: '2885',
  tradingSymbol: 'RELIANCE-EQ',
  symbolName: 'RELIANCE',
  kind: 'EQ',
  lotSize: 1,
  tickSize: 0.05,
  freezeQty: 0,
};

export const NIFTY_CALL: Instrument = {
  exchange: 'NFO',
  token: '40001',
  tradingSymbol: 'NIFTY24NOV26C24000',
  symbolName: 'NIFTY',
  kind: 'OPTIDX',
  expiry: '2026-11-24',
  strike: 24000,
  optionType: 'CE',
  lotSize: 75,
  tickSize: 0.05,
  freezeQty: 1800,
};

export const NIFTY_INDEX: Instrument = {
  exchange: 'NSE',
  token: '26000',
  tradingSymbol: 'NIFTY 50',
  symbolName: 'NIFTY',
  kind: 'INDEX',
  lotSize: 1,
  tickSize: 0.05,
  freezeQty: 0,
};

/** A policy that allows everything: each test tightens the rule it is about. */
export const OPEN_POLICY: TradingPolicy = {
  readOnly: false,
  allowedExchanges: ['NSE', 'BSE', 'NFO'],
  allowedProducts: ['C', 'M', 'I'],
  marketHours: 'exchange',
  holidays: [],
};

export const CONTEXT: CheckContext = {
  now: MONDAY_10,
  usage: { orders: 0, value: 0 },
  killSwitch: { flag: false, fileExists: false },
};

/** A valid limit buy of 10 RELIANCE at 2450.05. */
export const BUY_RELIANCE: OrderIntent = {
  exchange: 'NSE',
  tradingSymbol: 'RELIANCE-EQ',
  side: 'BUY',
  quantity: 10,
  priceType: 'LMT',
  price: 2450.05,
  product: 'C',
  retention: 'DAY',
};

/** A valid limit buy of one lot of the NIFTY call. */
export const BUY_CALL: OrderIntent = {
  exchange: 'NFO',
  tradingSymbol: 'NIFTY24NOV26C24000',
  side: 'BUY',
  quantity: 75,
  priceType: 'LMT',
  price: 120.5,
  product: 'M',
  retention: 'DAY',
};

export const QUOTE: MarketView = {
  lastPrice: 2450,
  bestBid: 2449.95,
  bestAsk: 2450.1,
  lowerCircuit: 2205,
  upperCircuit: 2695,
};

/** Runs `checkOrder` with the defaults above, overridden where given. */
export function check(
  over: {
    intent?: Partial<OrderIntent>;
    instrument?: Instrument;
    market?: MarketView;
    policy?: Partial<TradingPolicy>;
    context?: Partial<CheckContext>;
    /** Intent fields to leave out (a market order has no price). */
    drop?: ReadonlyArray<'price' | 'triggerPrice'>;
  } = {},
): CheckResult {
  const base = over.instrument?.exchange === 'NFO' ? BUY_CALL : BUY_RELIANCE;
  const intent: Record<string, unknown> = { ...base, ...over.intent };
  for (const key of over.drop ?? []) delete intent[key];
  return checkOrder({
    intent: intent as unknown as OrderIntent,
    instrument: over.instrument ?? RELIANCE,
    market: over.market ?? QUOTE,
    policy: { ...OPEN_POLICY, ...over.policy },
    context: { ...CONTEXT, ...over.context },
  });
}

/** The rules a result breaks, in order. */
export function rules(result: CheckResult): string[] {
  return result.violations.map((v) => v.rule);
}
