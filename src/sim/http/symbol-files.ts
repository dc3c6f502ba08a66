import type { IncomingMessage, ServerResponse } from 'node:http';
import { zipSync } from 'fflate';
import type { Exchange } from '../../core/vocabulary/index.js';
import { expiryText, istDay } from '../market/ist-time.js';
import type { SimInstrument } from '../market/types.js';
import type { SimRuntime } from '../runtime.js';

const FILE_PATH = /^\/(NSE|BSE|NFO)_symbols\.txt(\.zip)?$/;
const CASH_HEADER = 'Exchange,Token,LotSize,Symbol,TradingSymbol,Instrument,TickSize,';
const DERIVATIVES_HEADER =
  'Exchange,Token,LotSize,Symbol,TradingSymbol,Expiry,Instrument,OptionType,StrikePrice,TickSize,';

/**
 * Serves `GET /NSE_symbols.txt.zip` (and BSE, NFO, zipped or plain): the paper broker's instrument master
 * in the layout brokers of the Noren family publish, so a client can load it as it would a live broker's.
 * Returns false for any other path. Files are rebuilt when the IST day changes, as expiries roll.
 */
export function serveSymbolFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  rt: SimRuntime,
): boolean {
  const match = FILE_PATH.exec(path);
  if (!match) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('GET only');
    return true;
  }
  const exchange = match[1] as Exchange;
  const zipped = match[2] !== undefined;
  const file = symbolFile(rt, exchange);
  const body = zipped ? file.zip : file.text;
  res.writeHead(200, {
    'content-type': zipped ? 'application/zip' : 'text/plain; charset=utf-8',
    'content-length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

interface SymbolFile {
  readonly text: Buffer;
  readonly zip: Buffer;
}

const built = new WeakMap<SimRuntime, { day: number; files: Map<Exchange, SymbolFile> }>();

function symbolFile(rt: SimRuntime, exchange: Exchange): SymbolFile {
  const now = rt.clock.now();
  let entry = built.get(rt);
  if (entry === undefined || entry.day !== istDay(now)) {
    entry = { day: istDay(now), files: new Map() };
    built.set(rt, entry);
  }
  let file = entry.files.get(exchange);
  if (file === undefined) {
    const rows = rt.market.universe(now).instruments.filter((i) => i.exchange === exchange);
    const header = exchange === 'NFO' ? DERIVATIVES_HEADER : CASH_HEADER;
    const text = Buffer.from(`${[header, ...rows.map(row)].join('\n')}\n`, 'utf8');
    file = { text, zip: zipOne(`${exchange}_symbols.txt`, text) };
    entry.files.set(exchange, file);
  }
  return file;
}

/** One line as the published files write it: BSE shares under their group, indices with a tick of 0. */
function row(i: SimInstrument): string {
  const base = [i.exchange, i.token, String(i.lotSize), i.symbolName, i.tradingSymbol];
  if (i.exchange !== 'NFO') {
    const instrument = i.kind === 'INDEX' ? 'INDEX' : i.exchange === 'BSE' ? 'A' : 'EQ';
    return [...base, instrument, i.kind === 'INDEX' ? '0' : String(i.tickSize), ''].join(',');
  }
  const future = i.kind === 'FUTIDX' || i.kind === 'FUTSTK';
  const expiry = i.expiry === undefined ? '' : expiryText(istDay(i.expiry));
  const strike = future ? '0' : String(i.strike ?? 0);
  return [...base, expiry, i.kind, future ? 'XX' : (i.optionType ?? ''), strike, String(i.tickSize), ''].join(
    ',',
  );
}

/** A zip archive of one deflated file, as zip tools write it. */
function zipOne(name: string, data: Buffer): Buffer {
  return Buffer.from(zipSync({ [name]: data }));
}
