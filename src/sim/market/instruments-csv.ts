import { expiryText, istDay } from './ist-time.js';
import type { SimInstrument, Universe } from './types.js';

/** The header of the instrument export; another part of the product parses exactly these columns. */
export const INSTRUMENTS_CSV_HEADER =
  'exchange,token,tradingSymbol,symbolName,instrument,expiry,strike,optionType,lotSize,tickSize,freezeQty';

/** One CSV field per RFC 4180: quoted (with inner quotes doubled) when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One instrument as a CSV line: expiry `DD-MMM-YYYY`, strike with two decimals, empty fields when absent. */
export function instrumentRow(i: SimInstrument): string {
  return [
    i.exchange,
    i.token,
    i.tradingSymbol,
    i.symbolName,
    i.kind,
    i.expiry === undefined ? '' : expiryText(istDay(i.expiry)),
    i.strike === undefined ? '' : i.strike.toFixed(2),
    i.optionType ?? '',
    String(i.lotSize),
    String(i.tickSize),
    String(i.freezeQty),
  ]
    .map(csvField)
    .join(',');
}

/** The universe as CSV: the header, then one line per instrument in universe order, CRLF-free, ending in a newline. */
export function instrumentsCsv(universe: Universe): string {
  return `${[INSTRUMENTS_CSV_HEADER, ...universe.instruments.map(instrumentRow)].join('\n')}\n`;
}
