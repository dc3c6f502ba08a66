import type { Exchange } from '../vocabulary/index.js';
import type { SecurityInfoData, IndexEntry as WireIndexEntry } from '../wire/index.js';
import { normalizeExchange, type Open } from './enums.js';
import { istIso, optNumber, optText, reqNumber, reqPrice } from './values.js';

/** The price factor `((GN / GD) * (PN / PD))` as text and as its value. */
export interface PriceFactor {
  readonly text: string;
  /** `(GN / GD) * (PN / PD)`; undefined when the text has another form. */
  readonly value: number | undefined;
}

/** The static facts of an instrument that orders depend on: tick, lot, precision, multiplier. */
export interface SecurityInfo {
  readonly exchange: Open<Exchange>;
  readonly tradingSymbol: string;
  readonly token: string;
  readonly companyName: string | undefined;
  readonly symbolName: string | undefined;
  readonly segment: string | undefined;
  readonly instrumentName: string | undefined;
  readonly tickSize: number;
  readonly lotSize: number;
  readonly pricePrecision: number | undefined;
  readonly multiplier: number | undefined;
  readonly priceFactor: PriceFactor | undefined;
  readonly requestTime: string | undefined;
  readonly raw: unknown;
}

/** An index and the token to query it by. */
export interface IndexEntry {
  readonly exchange: string;
  readonly name: string;
  readonly token: string;
  readonly raw: unknown;
}

const FACTOR = /^\(\(\s*([\d.]+)\s*\/\s*([\d.]+)\s*\)\s*\*\s*\(\s*([\d.]+)\s*\/\s*([\d.]+)\s*\)\)$/;

/** Reads `((GN / GD) * (PN / PD))`. */
export function parsePriceFactor(text: string | undefined): PriceFactor | undefined {
  const trimmed = optText(text);
  if (trimmed === undefined) return undefined;
  const m = FACTOR.exec(trimmed);
  const [gn, gd, pn, pd] = (m?.slice(1) ?? []).map(Number);
  const valid = [gn, gd, pn, pd].every((n) => n !== undefined && Number.isFinite(n)) && gd !== 0 && pd !== 0;
  const value = valid ? ((gn as number) / (gd as number)) * ((pn as number) / (pd as number)) : undefined;
  return { text: trimmed, value };
}

/** The security-info `data`. */
export function securityInfoFromWire(data: SecurityInfoData, raw: unknown): SecurityInfo {
  return {
    exchange: normalizeExchange(data.exchange) ?? data.exchange,
    tradingSymbol: data.tradingSymbol,
    token: data.token,
    companyName: optText(data.companyName),
    symbolName: optText(data.symbolName),
    segment: optText(data.segment),
    instrumentName: optText(data.instrumentName),
    tickSize: reqPrice(data.tickSize, 'data.tickSize'),
    lotSize: reqNumber(data.lotSize, 'data.lotSize'),
    pricePrecision: optNumber(data.pricePrecision),
    multiplier: optNumber(data.mult),
    priceFactor: parsePriceFactor(data.prcftr_d),
    requestTime: istIso(data.requestTime),
    raw,
  };
}

/** One index-list entry. */
export function indexEntryFromWire(entry: WireIndexEntry, exchange: string): IndexEntry {
  return { exchange, name: entry.idxname, token: entry.token, raw: entry };
}
