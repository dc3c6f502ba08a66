import { futureContract, optionContracts, type UnderlyingListing } from './derivative-contracts.js';
import { type Expiry, expiryInstant, mergeExpiries, monthlyExpiries, weeklyExpiries } from './expiries.js';
import { istDay } from './ist-time.js';
import { createLru } from './lru.js';
import {
  DERIVATIVES,
  type DerivativeReference,
  MONTHLY_EXPIRIES,
  WEEKLY_EXPIRIES,
} from './reference-derivatives.js';
import { EQUITIES } from './reference-equities.js';
import { INDICES } from './reference-indices.js';
import { bseEquities, indices, nseEquities } from './static-instruments.js';
import type { SimInstrument, Universe } from './types.js';

/** Gives the universe of an instant, built once per IST day (and once more after 15:30 for expiries). */
export type UniverseSource = (at: number) => Universe;

const keyOf = (exchange: string, id: string): string => `${exchange}|${id.toUpperCase()}`;

/** A universe over a fixed list of instruments, with map lookups by token and by trading symbol. */
export function universeOf(instruments: readonly SimInstrument[]): Universe {
  const byToken = new Map<string, SimInstrument>();
  const bySymbol = new Map<string, SimInstrument>();
  const byExchangeIndex = new Map<string, SimInstrument[]>();
  for (const i of instruments) {
    byToken.set(keyOf(i.exchange, i.token), i);
    bySymbol.set(keyOf(i.exchange, i.tradingSymbol), i);
    if (i.kind === 'INDEX') byExchangeIndex.set(i.exchange, [...(byExchangeIndex.get(i.exchange) ?? []), i]);
  }
  return {
    instruments,
    byToken: (exchange, token) => byToken.get(keyOf(exchange.toUpperCase(), token.trim())),
    bySymbol: (exchange, symbol) => bySymbol.get(keyOf(exchange.toUpperCase(), symbol.trim())),
    indices: (exchange) => byExchangeIndex.get(exchange.toUpperCase()) ?? [],
  };
}

function listing(ref: DerivativeReference): UnderlyingListing {
  const index = INDICES.find((i) => i.symbolName === ref.symbol);
  if (index)
    return {
      key: `${index.exchange}:${index.token}`,
      companyName: index.tradingSymbol,
      referencePrice: index.price,
    };
  const equity = EQUITIES.find((e) => e.symbol === ref.symbol);
  if (!equity) throw new Error(`no underlying listed for ${ref.symbol}`);
  return { key: `NSE:${equity.nseToken}`, companyName: equity.name, referencePrice: equity.price };
}

/** A universe source whose derivative expiries follow the calendar (holidays move expiries earlier). */
export function createUniverseSource(isSessionDay: (day: number) => boolean): UniverseSource {
  const fixed = [...nseEquities(), ...indices(), ...bseEquities()];
  const underlyings = DERIVATIVES.map((ref) => ({ ref, listing: listing(ref) }));
  // Contracts of one expiry are built once and shared by every day that lists them.
  const contracts = new Map<string, { readonly at: number; readonly list: SimInstrument[] }>();
  const contractsOf = (
    ref: DerivativeReference,
    under: UnderlyingListing,
    expiry: Expiry,
  ): SimInstrument[] => {
    const key = `${ref.symbol}|${expiry.nominalDay}`;
    const known = contracts.get(key);
    if (known) return known.list;
    const list = [
      ...(expiry.monthly ? [futureContract(ref, under, expiry)] : []),
      ...optionContracts(ref, under, expiry),
    ];
    contracts.set(key, { at: expiry.at, list });
    return list;
  };
  const cache = createLru<number, Universe>(8);
  return (at) => {
    const day = istDay(at);
    const key = day * 2 + (at >= expiryInstant(day) ? 1 : 0);
    const cached = cache.get(key);
    if (cached) return cached;
    for (const [k, c] of contracts) if (c.at <= at) contracts.delete(k);
    const monthly = monthlyExpiries(at, MONTHLY_EXPIRIES, isSessionDay);
    const weekly = weeklyExpiries(at, WEEKLY_EXPIRIES, isSessionDay);
    const derivatives = underlyings.flatMap(({ ref, listing: under }) =>
      (ref.weekly ? mergeExpiries(weekly, monthly) : monthly).flatMap((e) => contractsOf(ref, under, e)),
    );
    const universe = universeOf([...fixed, ...derivatives]);
    cache.set(key, universe);
    return universe;
  };
}
