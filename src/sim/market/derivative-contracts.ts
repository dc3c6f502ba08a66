import { contractToken } from './contract-tokens.js';
import type { Expiry } from './expiries.js';
import { expiryCode } from './ist-time.js';
import { DERIVATIVE_TICK, type DerivativeReference } from './reference-derivatives.js';
import type { SimInstrument } from './types.js';

/** What a contract needs to know about its underlying. */
export interface UnderlyingListing {
  /** `EXCHANGE:TOKEN` of the spot or index. */
  readonly key: string;
  /** `NIFTY 50`, `RELIANCE INDUSTRIES LTD`. */
  readonly companyName: string;
  /** The reference price the strike band is centred on. */
  readonly referencePrice: number;
}

/** The strike grid of an underlying: reference × (1 ± band) at the strike step, fixed for ever. */
export function strikeGrid(ref: DerivativeReference, referencePrice: number): number[] {
  if (ref.strikeStep <= 0) return [];
  // The epsilon keeps 25000 × 1.15 (28749.999… in floating point) on the 28750 strike.
  const low = Math.ceil((referencePrice * (1 - ref.strikeBand)) / ref.strikeStep - 1e-9);
  const high = Math.floor((referencePrice * (1 + ref.strikeBand)) / ref.strikeStep + 1e-9);
  const strikes: number[] = [];
  for (let i = low; i <= high; i++) strikes.push(Math.round(i * ref.strikeStep * 100) / 100);
  return strikes;
}

function base(ref: DerivativeReference, underlying: UnderlyingListing, expiry: Expiry) {
  return {
    exchange: 'NFO',
    symbolName: ref.symbol,
    companyName: underlying.companyName,
    segment: 'FO',
    isin: '',
    lotSize: ref.lotSize,
    tickSize: DERIVATIVE_TICK,
    pricePrecision: 2,
    freezeQty: ref.freezeQty,
    expiry: expiry.at,
    underlying: underlying.key,
  } as const;
}

/** The future of an underlying for one expiry: `NIFTY24NOV26F`. */
export function futureContract(
  ref: DerivativeReference,
  underlying: UnderlyingListing,
  expiry: Expiry,
): SimInstrument {
  return {
    ...base(ref, underlying, expiry),
    token: contractToken({ slot: ref.slot, expiryDay: expiry.nominalDay }),
    tradingSymbol: `${ref.symbol}${expiryCode(expiry.day)}F`,
    kind: ref.index ? 'FUTIDX' : 'FUTSTK',
  };
}

/** Calls and puts over the whole strike grid for one expiry: `NIFTY24NOV26C24000`, `NIFTY24NOV26P24000`. */
export function optionContracts(
  ref: DerivativeReference,
  underlying: UnderlyingListing,
  expiry: Expiry,
): SimInstrument[] {
  const common = base(ref, underlying, expiry);
  const code = `${ref.symbol}${expiryCode(expiry.day)}`;
  return strikeGrid(ref, underlying.referencePrice).flatMap((strike, strikeIndex) =>
    (['CE', 'PE'] as const).map((type) => ({
      ...common,
      token: contractToken({ slot: ref.slot, expiryDay: expiry.nominalDay, option: { strikeIndex, type } }),
      tradingSymbol: `${code}${type === 'CE' ? 'C' : 'P'}${strike}`,
      kind: ref.index ? 'OPTIDX' : 'OPTSTK',
      strike,
      optionType: type,
    })),
  );
}
