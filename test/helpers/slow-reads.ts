import type { BrokerReads } from '../../src/core/client/types.js';
import type { CountingProxy } from './counting-proxy.js';

/** What the slow broker keeps: reads of quotes (RELIANCE aside), candles, holdings and limits. */
const SLOW_PATHS = [
  '/apiV2/getQuotes',
  '/api/timePriceSeries',
  '/apiV2/holdings',
  '/api/V3/limit',
  '/api/V4/limit',
];

/**
 * Nine of people's reads the proxy keeps from the broker until released (two quotes, three candle
 * windows, four account reads: all that people's share of the rate limits lets out at once), more than
 * people's pool of 8 connections holds. Resolves once 8 are held; each read settles (failed or not)
 * when released.
 */
export async function slowReads(proxy: CountingProxy, reads: BrokerReads): Promise<Promise<unknown>[]> {
  proxy.hold((path, body) => SLOW_PATHS.includes(path) && body.token !== '2885');
  const person = reads.as({ asker: 'discord:slow' });
  const window = (minute: number) => ({
    exchange: 'NSE' as const,
    token: '1594',
    from: `2026-11-20T09:${15 + minute}:00+05:30`,
    to: `2026-11-20T09:${16 + minute}:00+05:30`,
  });
  const started = [
    person.getQuote({ exchange: 'NSE', token: '11536' }),
    person.getQuote({ exchange: 'NSE', token: '1333' }),
    ...[0, 2, 4].map((m) => person.getCandles(window(m))),
    person.getHoldings(),
    person.getLimits(),
    person.getLimits({ version: 'V4' }),
    // Another asker's, with a deadline of its own: not joined to the first holdings read.
    reads.as({ asker: 'mcp:slow' }).getHoldings({ timeoutMs: 29_000 }),
  ].map((p) => p.catch((error: unknown) => error));
  await proxy.until(() => proxy.held() >= 8);
  return started;
}
