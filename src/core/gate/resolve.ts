import type { Instrument, InstrumentCatalog } from '../catalogue/index.js';
import { expiryMs } from '../client/validate.js';
import { istDate } from '../time/ist.js';
import type { OptionType } from '../vocabulary/index.js';
import { GateError } from './errors.js';
import type { OrderInput, StraddleInput } from './types.js';

/** The one instrument an order names, or a refusal listing what it might have meant. */
export function resolveOrderInstrument(catalog: InstrumentCatalog, order: OrderInput): Instrument {
  const input = String(order.instrument ?? '').trim();
  if (input === '')
    throw new GateError('INVALID_ORDER', 'instrument is required (for example RELIANCE or NSE:RELIANCE-EQ)');
  const resolution = catalog.resolve(input, order.exchange === undefined ? {} : { exchange: order.exchange });
  if (resolution.status === 'found') return resolution.instrument;
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
