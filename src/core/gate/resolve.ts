import { type Instrument, type InstrumentCatalog, instrumentKey } from '../catalogue/index.js';
import type { InstrumentRef } from '../client/validate.js';
import { expiryMs } from '../client/validate.js';
import { istDate } from '../time/ist.js';
import type { Exchange, OptionType } from '../vocabulary/index.js';
import { GateError } from './errors.js';
import type { OrderInput, StraddleInput } from './types.js';

/** The one instrument an order names, or a refusal listing what it might have meant. */
export function resolveOrderInstrument(catalog: InstrumentCatalog, order: OrderInput): Instrument {
  const input = String(order.instrument ?? '').trim();
  if (input === '')
    throw new GateError('INVALID_ORDER', 'instrument is required (for example RELIANCE or NSE:RELIANCE-EQ)');
  const resolution = catalog.resolve(input, order.exchange === undefined ? {} : { exchange: order.exchange });
  if (resolution.status === 'found') return resolution.instrument;
  if (catalog.missing !== undefined) throw new GateError('INSTRUMENT_NOT_FOUND', catalog.missing);
  const candidates = resolution.candidates.map((c) => `${c.exchange}:${c.tradingSymbol}`);
  const hint =
    candidates.length > 0 ? `; did you mean ${candidates.join(', ')}?` : '; search the instruments first';
  throw new GateError('INSTRUMENT_NOT_FOUND', `no single instrument matches "${input.slice(0, 40)}"${hint}`, {
    candidates,
  });
}

/** The call and the put a straddle buys, looked up in the catalogue by underlying, expiry and strike. */
export function resolveStraddleContracts(
  catalog: InstrumentCatalog,
  s: StraddleInput,
): readonly [Instrument, Instrument] {
  const expiry = expiryMs(String(s.expiry ?? ''));
  if (expiry === undefined)
    throw new GateError('INVALID_ORDER', 'expiry must be DDMMMYY, DD-MMM-YYYY or YYYY-MM-DD');
  const day = istDate(expiry);
  const symbol = String(s.symbol ?? '')
    .trim()
    .toUpperCase();
  const find = (type: OptionType): Instrument | undefined =>
    catalog
      .all()
      .find(
        (i) =>
          i.exchange === 'NFO' &&
          (i.kind === 'OPTIDX' || i.kind === 'OPTSTK') &&
          i.symbolName === symbol &&
          i.expiry === day &&
          i.strike === s.strike &&
          i.optionType === type,
      );
  const call = find('CE');
  const put = find('PE');
  if (!call || !put) {
    const expiries = [
      ...new Set(
        catalog
          .all()
          .filter((i) => i.symbolName === symbol && i.optionType === 'CE')
          .map((i) => i.expiry),
      ),
    ]
      .sort()
      .slice(0, 6);
    const hint =
      expiries.length > 0 ? `; listed expiries: ${expiries.join(', ')}` : `; no options on ${symbol}`;
    throw new GateError(
      'INSTRUMENT_NOT_FOUND',
      `no ${symbol} ${day} ${s.strike} call and put pair is listed${hint}`,
    );
  }
  return [call, put];
}

/** An instrument resolved for a read: the reference the broker takes, its key, and the master's row if listed. */
export interface ResolvedRef {
  readonly ref: InstrumentRef;
  readonly key: string;
  /** Absent for a bare token the master does not list. */
  readonly instrument?: Instrument;
}

/**
 * What a person or a model typed, resolved through the catalogue for a read; a bare token still works
 * against a live broker without a master. Otherwise the refusal says what it might have meant.
 */
export function resolveInstrumentRef(
  catalog: InstrumentCatalog,
  input: string,
  exchange?: Exchange,
): ResolvedRef {
  const resolution = catalog.resolve(input, exchange === undefined ? {} : { exchange });
  if (resolution.status === 'found') {
    const i = resolution.instrument;
    return { ref: { exchange: i.exchange, token: i.token }, key: instrumentKey(i), instrument: i };
  }
  const bare = /^\s*(?:(NSE|BSE|NFO)\s*:\s*)?(\d{1,12})\s*$/i.exec(input);
  const onExchange = (bare?.[1]?.toUpperCase() as Exchange | undefined) ?? exchange;
  if (bare && onExchange !== undefined && catalog.size === 0) {
    const token = bare[2] as string;
    return { ref: { exchange: onExchange, token }, key: `${onExchange}:${token}` };
  }
  if (catalog.missing !== undefined) {
    throw new GateError(
      'INSTRUMENT_NOT_FOUND',
      `${catalog.missing} (until then, name it by exchange and token: NSE:2885)`,
    );
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
