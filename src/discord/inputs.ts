import { type Instrument, type InstrumentCatalog, instrumentKey } from '../core/catalogue/index.js';
import type { InstrumentRef } from '../core/client/index.js';
import { toEpochMs } from '../core/client/validate.js';
import { GateError } from '../core/gate/index.js';
import { istDate } from '../core/time/ist.js';
import type { Exchange, Product } from '../core/vocabulary/index.js';
import { DeskInputError } from './errors.js';

/** An instrument resolved for a broker call; `instrument` is absent for a bare token the master does not list. */
export interface Resolved {
  readonly ref: InstrumentRef;
  readonly key: string;
  readonly instrument?: Instrument;
}

/** What was typed, resolved through the catalogue; otherwise the gate's refusal with "did you mean". */
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

/** The product an order uses when none is named: carry-forward on NFO, delivery elsewhere. */
export function defaultProduct(exchange: Exchange | string): Product {
  return exchange === 'NFO' ? 'M' : 'C';
}

const CLOCK_ONLY = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** An instant from what people type, read in IST: "now", "today", "09:15" (today), dates, date-times. */
export function parseIstTime(text: string, nowMs: number, option: string): number {
  const t = text.trim();
  if (/^now$/i.test(t)) return nowMs;
  if (/^today$/i.test(t)) return toEpochMs(istDate(nowMs)) as number;
  const clock = CLOCK_ONLY.exec(t);
  const ms = toEpochMs(
    clock ? `${istDate(nowMs)} ${clock[1]?.padStart(2, '0')}:${clock[2]}:${clock[3] ?? '00'}` : t,
  );
  if (ms === undefined) {
    throw new DeskInputError(
      `${option} "${t.slice(0, 40)}" is not a time`,
      'write it in IST as "2026-11-20 09:15", "2026-11-20", "09:15" or "now"',
    );
  }
  return ms;
}

/** A ticket id as the gate keys it: ids are case-insensitive, kept in upper case. */
export function ticketId(text: string): string {
  return text.trim().toUpperCase();
}
