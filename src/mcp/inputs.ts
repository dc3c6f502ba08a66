import type { InstrumentCatalog } from '../core/catalogue/index.js';
import { type Instrument, instrumentKey } from '../core/catalogue/index.js';
import type { InstrumentRef } from '../core/client/index.js';
import { toEpochMs } from '../core/client/validate.js';
import type { OrderSide } from '../core/domain/enums.js';
import { GateError } from '../core/gate/index.js';
import { istDate } from '../core/time/ist.js';
import type { Exchange, PriceType, Product } from '../core/vocabulary/index.js';
import { ToolInputError } from './errors.js';

/** An instrument resolved for a broker call; `instrument` is absent for a bare token the master does not list. */
export interface Resolved {
  readonly ref: InstrumentRef;
  readonly key: string;
  readonly instrument?: Instrument;
}

/** Resolves what was typed through the catalogue; unresolved input fails with the candidates ("did you mean"). */
export function resolveInstrument(catalog: InstrumentCatalog, input: string, exchange?: Exchange): Resolved {
  const resolution = catalog.resolve(input, exchange === undefined ? {} : { exchange });
  if (resolution.status === 'found') {
    const i = resolution.instrument;
    return { ref: { exchange: i.exchange, token: i.token }, key: instrumentKey(i), instrument: i };
  }
  // A live broker without a master file still answers by token when the exchange is named.
  const bare = /^\s*(?:(NSE|BSE|NFO)\s*:\s*)?(\d{1,12})\s*$/i.exec(input);
  const onExchange = (bare?.[1]?.toUpperCase() as Exchange | undefined) ?? exchange;
  if (bare && onExchange !== undefined && catalog.size === 0) {
    const token = bare[2] as string;
    return { ref: { exchange: onExchange, token }, key: `${onExchange}:${token}` };
  }
  const candidates = resolution.candidates.map((c) => instrumentKey(c));
  const shown = input.trim().slice(0, 40);
  const hint = candidates.length > 0 ? `; did you mean ${candidates.join(', ')}?` : '';
  throw new GateError(
    'INSTRUMENT_NOT_FOUND',
    resolution.status === 'ambiguous'
      ? `"${shown}" matches several instruments${hint}`
      : `no instrument matches "${shown}"${hint}`,
    { candidates },
  );
}

/** `B`/`BUY` and `S`/`SELL`. */
export function toSide(side: 'BUY' | 'SELL' | 'B' | 'S'): OrderSide {
  return side === 'B' || side === 'BUY' ? 'BUY' : 'SELL';
}

const PRODUCTS: Readonly<Record<string, Product>> = {
  C: 'C',
  DELIVERY: 'C',
  CNC: 'C',
  M: 'M',
  CARRYFORWARD: 'M',
  NRML: 'M',
  I: 'I',
  INTRADAY: 'I',
  MIS: 'I',
};

/** A product letter from a letter or a word. */
export function toProduct(word: string): Product {
  return PRODUCTS[word] ?? 'C';
}

const PRICE_TYPES: Readonly<Record<string, PriceType>> = {
  LMT: 'LMT',
  LIMIT: 'LMT',
  MKT: 'MKT',
  MARKET: 'MKT',
  'SL-LMT': 'SL-LMT',
  SL: 'SL-LMT',
  'SL-MKT': 'SL-MKT',
  'SL-M': 'SL-MKT',
};

/** The price type named, or the one the given prices imply. */
export function toPriceType(
  word: string | undefined,
  price: number | undefined,
  trigger: number | undefined,
): PriceType {
  if (word !== undefined) return PRICE_TYPES[word] ?? 'LMT';
  if (trigger !== undefined) return price === undefined ? 'SL-MKT' : 'SL-LMT';
  return price === undefined ? 'MKT' : 'LMT';
}

const CLOCK_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** An instant from what people type, read in IST: "now", "09:15" (today), dates, date-times, ISO 8601. */
export function parseIstTime(text: string, nowMs: number, field: string): number {
  const t = text.trim();
  if (/^now$/i.test(t)) return nowMs;
  if (/^today$/i.test(t)) return toEpochMs(istDate(nowMs)) as number;
  const clock = CLOCK_ONLY.exec(t);
  const ms = toEpochMs(
    clock ? `${istDate(nowMs)} ${clock[1]?.padStart(2, '0')}:${clock[2]}:${clock[3] ?? '00'}` : t,
  );
  if (ms === undefined) {
    throw new ToolInputError(
      `${field} "${t.slice(0, 40)}" is not a time`,
      `write it in IST as "2026-11-20 09:15", "2026-11-20", "09:15" or "now"`,
    );
  }
  return ms;
}

/** The instrument block every instrument tool's result starts with. */
export function instrumentOf(
  r: Resolved,
  tradingSymbol: string,
): {
  key: string;
  exchange: string;
  token: string;
  tradingSymbol: string;
} {
  return { key: r.key, exchange: r.ref.exchange, token: r.ref.token, tradingSymbol };
}
