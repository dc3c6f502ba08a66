import type { Exchange, InstrumentKind, OptionType } from '../vocabulary/index.js';

/** One instrument of the master, as people read it: numbers, an IST expiry date, no wire strings. */
export interface Instrument {
  readonly exchange: Exchange;
  readonly token: string;
  /** `RELIANCE-EQ` (NSE), `RELIANCE` (BSE), `NIFTY 50` (index), `NIFTY24NOV26C24000` (option). */
  readonly tradingSymbol: string;
  /** The underlying's name: `RELIANCE`, `NIFTY`, `BANKNIFTY`. */
  readonly symbolName: string;
  readonly kind: InstrumentKind;
  /** Derivatives: the expiry day as an IST calendar date, `YYYY-MM-DD`. */
  readonly expiry?: string;
  /** Options: the strike in rupees. */
  readonly strike?: number;
  readonly optionType?: OptionType;
  /** Units per lot; order quantities are multiples of it (1 for cash equities). */
  readonly lotSize: number;
  /** Price step in rupees, for example 0.05. */
  readonly tickSize: number;
  /** Largest quantity one order may carry; 0 when the instrument has no freeze limit. */
  readonly freezeQty: number;
}

/** `EXCHANGE:TRADINGSYMBOL`, the key that names an instrument everywhere in omsdesk. */
export function instrumentKey(instrument: Pick<Instrument, 'exchange' | 'tradingSymbol'>): string {
  return `${instrument.exchange}:${instrument.tradingSymbol}`;
}

/** True for futures and options. */
export function isDerivative(kind: InstrumentKind): boolean {
  return kind !== 'EQ' && kind !== 'INDEX';
}

/** True for index and stock options. */
export function isOption(kind: InstrumentKind): boolean {
  return kind === 'OPTIDX' || kind === 'OPTSTK';
}

/** True for index and stock futures. */
export function isFuture(kind: InstrumentKind): boolean {
  return kind === 'FUTIDX' || kind === 'FUTSTK';
}

const KIND_RANK: Readonly<Record<InstrumentKind, number>> = {
  EQ: 0,
  INDEX: 1,
  FUTIDX: 2,
  FUTSTK: 2,
  OPTIDX: 3,
  OPTSTK: 3,
};
const EXCHANGE_RANK: Readonly<Record<Exchange, number>> = { NSE: 0, BSE: 1, NFO: 2 };

/**
 * The catalogue's one ordering, used to break every tie: cash before futures before options, NSE before
 * BSE before NFO, nearer expiry first, shorter symbol first, then alphabetical, then by token.
 */
export function compareInstruments(a: Instrument, b: Instrument): number {
  return (
    KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
    EXCHANGE_RANK[a.exchange] - EXCHANGE_RANK[b.exchange] ||
    compareText(a.expiry ?? '', b.expiry ?? '') ||
    a.tradingSymbol.length - b.tradingSymbol.length ||
    compareText(a.tradingSymbol, b.tradingSymbol) ||
    a.token.length - b.token.length ||
    compareText(a.token, b.token)
  );
}

/** A string whose plain ordering is `compareInstruments`' ordering, for sorting many instruments fast. */
export function rankKey(i: Instrument): string {
  const length = String(i.tradingSymbol.length).padStart(4, '0');
  const token = String(i.token.length).padStart(4, '0');
  return `${KIND_RANK[i.kind]}${EXCHANGE_RANK[i.exchange]}${i.expiry ?? '0000-00-00'}${length}${i.tradingSymbol}\u0000${token}${i.token}`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
