import type { Aliases } from './aliases.js';

/**
 * Noren's own short names (as its first generation and its own API send them) for the second
 * generation's fields: a member of the family may answer a second-generation path in them.
 */
const INSTRUMENT = {
  requestTime: ['request_time'],
  exchange: ['exch'],
  tradingSymbol: ['tsym'],
  companyName: ['cname'],
  segment: ['seg'],
  instrumentName: ['instname'],
  pricePrecision: ['pp'],
  tickSize: ['ti'],
  lotSize: ['ls'],
} as const satisfies Aliases;

function depthAliases(): Record<string, readonly string[]> {
  const out: Record<string, readonly string[]> = {};
  for (const [side, s] of [
    ['Buy', 'b'],
    ['Sell', 's'],
  ] as const) {
    for (const [part, p] of [
      ['Price', 'p'],
      ['Quantity', 'q'],
      ['Order', 'o'],
    ] as const) {
      for (let level = 1; level <= 5; level += 1) out[`best${side}${part}${level}`] = [`${s}${p}${level}`];
    }
  }
  return out;
}

/** A quote: `lp` last price, `uc`/`lc` the circuit band, `h`/`l` the day's range, `bp1`.. the depth. */
export const NOREN_QUOTE: Aliases = {
  ...INSTRUMENT,
  symbolName: ['symname'],
  multipler: ['mult'],
  priceFactor: ['prcftr_d'],
  lastTradedPrice: ['lp'],
  upperCircuit: ['uc'],
  lowerCircuit: ['lc'],
  dayHighPrice: ['h'],
  dayLowPrice: ['l'],
  volume: ['v'],
  lastTradedQuantity: ['ltq'],
  lastTradeTime: ['ltt'],
  ...depthAliases(),
};

/** Security info (`symnam` spelled so in Noren's answer). */
export const NOREN_SECURITY_INFO: Aliases = { ...INSTRUMENT, symbolName: ['symnam', 'symname'] };

/** An order-book entry: `norentm` is when the OMS took the order in. */
export const NOREN_ORDER_BOOK: Aliases = {
  orderNumber: ['norenordno', 'omsordno'],
  userId: ['uid'],
  exchange: ['exch'],
  tradingSymbol: ['tsym'],
  quantity: ['qty'],
  transactionType: ['trantype'],
  priceType: ['prctyp'],
  retention: ['ret'],
  price: ['prc'],
  product: ['prd'],
  averagePrice: ['avgprc'],
  disclosedQuantity: ['dscqty'],
  rejectReason: ['rejreason'],
  orderTime: ['norentm'],
  lotSize: ['ls'],
  tickSize: ['ti'],
};

/** The session: Noren's login names the user `uname` and its time `request_time`. */
export const NOREN_LOGIN: Aliases = { requestTime: ['request_time'], userName: ['uname'] };
