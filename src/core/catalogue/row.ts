import { parsePrice } from '../price.js';
import { istDate, parseExpiry } from '../time/ist.js';
import {
  EXCHANGES,
  type Exchange,
  INSTRUMENT_KINDS,
  type InstrumentKind,
  OPTION_TYPES,
  type OptionType,
} from '../vocabulary/index.js';
import type { ColumnMap } from './columns.js';
import type { Instrument } from './instrument.js';

/** An `Instrument` from one CSV row, or the reason the row cannot be read. */
export type RowResult = { readonly instrument: Instrument } | { readonly problem: string };

/**
 * A reader of rows laid out as `columns` says. Values are trimmed and codes upper-cased; expiry and
 * price texts repeat across a master, so their parses are remembered.
 */
export function createRowReader(columns: ColumnMap): (fields: readonly string[]) => RowResult {
  const at = columns;
  const expiries = new Map<string, string | undefined>();
  const prices = new Map<string, number | undefined>();
  const expiryOf = (text: string): string | undefined => {
    if (!expiries.has(text)) {
      const ms = parseExpiry(text);
      expiries.set(text, ms === undefined ? undefined : istDate(ms));
    }
    return expiries.get(text);
  };
  const priceOf = (text: string): number | undefined => {
    if (!prices.has(text)) prices.set(text, parsePrice(text));
    return prices.get(text);
  };
  const [ex, tok, sym, name, inst, exp, strk, opt, lot, tick, freeze] = [
    at.exchange,
    at.token,
    at.tradingSymbol,
    at.symbolName,
    at.instrument,
    at.expiry,
    at.strike,
    at.optionType,
    at.lotSize,
    at.tickSize,
    at.freezeQty,
  ];

  return (fields) => {
    const cell = (i: number): string => (i < 0 ? '' : (fields[i] ?? '').trim());
    const exchange = cell(ex).toUpperCase();
    if (!isExchange(exchange)) return fail(`unsupported exchange "${exchange}"`);
    const token = cell(tok);
    if (!/^[A-Za-z0-9_-]+$/.test(token)) return fail(`invalid token "${token}"`);
    const tradingSymbol = cell(sym).toUpperCase();
    if (tradingSymbol === '') return fail('empty tradingSymbol');
    const kind = cell(inst).toUpperCase();
    if (!isKind(kind)) return fail(`unknown instrument "${kind}"`);
    const lotSize = Number(cell(lot));
    if (!Number.isSafeInteger(lotSize) || lotSize <= 0) return fail(`invalid lotSize "${cell(lot)}"`);
    const tickSize = priceOf(cell(tick));
    if (tickSize === undefined || tickSize <= 0) return fail(`invalid tickSize "${cell(tick)}"`);
    const freezeText = cell(freeze);
    const freezeQty = freezeText === '' ? 0 : Number(freezeText);
    if (!Number.isSafeInteger(freezeQty) || freezeQty < 0) return fail(`invalid freezeQty "${freezeText}"`);
    const symbolName = cell(name).toUpperCase() || defaultSymbolName(tradingSymbol, kind);

    const base = { exchange, token, tradingSymbol, symbolName, kind, lotSize, tickSize, freezeQty };
    if (kind === 'EQ' || kind === 'INDEX') return { instrument: base };
    const expiry = expiryOf(cell(exp));
    if (expiry === undefined) return fail(`invalid expiry "${cell(exp)}" for ${kind}`);
    if (kind === 'FUTIDX' || kind === 'FUTSTK') return { instrument: { ...base, expiry } };
    const strike = priceOf(cell(strk));
    if (strike === undefined || strike <= 0) return fail(`invalid strike "${cell(strk)}" for ${kind}`);
    const optionType = cell(opt).toUpperCase();
    if (!isOptionType(optionType)) return fail(`invalid optionType "${optionType}" for ${kind}`);
    return { instrument: { ...base, expiry, strike, optionType } };
  };
}

function fail(problem: string): RowResult {
  // Quoted values are cut short: a garbled row must not flood the report.
  return { problem: problem.replace(/"([^"]{40})[^"]+"/g, '"$1…"') };
}

const isExchange = (v: string): v is Exchange => (EXCHANGES as readonly string[]).includes(v);
const isKind = (v: string): v is InstrumentKind => (INSTRUMENT_KINDS as readonly string[]).includes(v);
const isOptionType = (v: string): v is OptionType => (OPTION_TYPES as readonly string[]).includes(v);

/** Without a symbolName column: `RELIANCE-EQ` → `RELIANCE`; anything else stands for itself. */
function defaultSymbolName(tradingSymbol: string, kind: InstrumentKind): string {
  return kind === 'EQ' ? tradingSymbol.replace(/-[A-Z0-9]{1,2}$/, '') : tradingSymbol;
}
