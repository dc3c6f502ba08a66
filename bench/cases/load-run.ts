import { performance } from 'node:perf_hooks';
import { request } from 'undici';
import { createBrokerClient } from '../../src/core/client/index.js';
import type { OrderRequest } from '../../src/core/orders/order-request.js';
import { DAY_MS } from '../../src/core/vocabulary/index.js';
import { DEMO_ACCOUNT } from '../../src/sim/accounts.js';
import { istDayStart } from '../../src/sim/format.js';
import { totpAt } from '../../src/sim/totp.js';
import { drive } from '../harness/drive.js';
import { spreadOf } from '../harness/stats.js';
import type { BenchCase } from '../harness/types.js';
import { startServers } from '../support/servers.js';

/** The traded symbols and their NSE tokens. */
const TOKENS = new Map([
  ['RELIANCE-EQ', '2885'],
  ['TCS-EQ', '11536'],
  ['INFY-EQ', '1594'],
  ['HDFCBANK-EQ', '1333'],
  ['SBIN-EQ', '3045'],
]);
const SYMBOLS = [...TOKENS.keys()];
const IN_FLIGHT = 16;
const FINAL = new Set(['COMPLETE', 'REJECTED', 'CANCELED']);

/** The paper broker's control surface: its clock, moved forward, and its own view of the orders. */
async function control<T>(url: string, path: string, body?: unknown): Promise<T> {
  const res = await request(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return (await res.body.json()) as T;
}

/** Order `i` of the mix: market orders both ways, and limit orders near the touch that rest or fill later. */
function orderOf(i: number, lasts: ReadonlyMap<string, number>): OrderRequest {
  const tradingSymbol = SYMBOLS[i % SYMBOLS.length] ?? 'RELIANCE-EQ';
  const side = Math.floor(i / SYMBOLS.length) % 2 === 0 ? 'BUY' : 'SELL';
  const base = {
    exchange: 'NSE',
    tradingSymbol,
    side,
    quantity: 1 + (i % 3),
    product: 'I',
    tag: `load-${i}`,
  } as const;
  if (i % 4 < 2) return { ...base, priceType: 'MKT' };
  // 0.1% to 0.5% away from the last price, on the 0.05 grid: some fill as the market moves, some never do.
  const away = (1 + (i % 5)) * 0.001 * (side === 'BUY' ? -1 : 1);
  const price = Math.round((lasts.get(tradingSymbol) ?? 100) * (1 + away) * 20) / 20;
  return { ...base, priceType: 'LMT', price, tickSize: 0.05 };
}

/**
 * A load run: thousands of mixed market and limit orders through the client, 16 in flight, into a
 * fresh paper broker; then its clock moves past the session's close and every order is read back from
 * its history (the broker's own proof) to show it ended COMPLETE, REJECTED or CANCELED.
 */
export const loadRunCase: BenchCase = {
  name: 'load-run',
  title: 'load run: mixed MKT/LMT orders through the client, then the session closes',
  proves:
    'That every order placed under load reaches a final state once the session closes, read back order ' +
    'by order, and what placement rate the client and the paper broker sustain together.',
  async run(ctx) {
    const count = ctx.scale.quick ? 300 : 6_000;
    const servers = await startServers(ctx.cpuProfDir);
    let moved = 0;
    // The broker checks codes against its own clock, which this run moves forward.
    const totp = () => totpAt(DEMO_ACCOUNT.totpSecret, Date.now() + moved);
    const { userId, password, apiKey, vendorCode } = DEMO_ACCOUNT;
    const client = createBrokerClient({
      baseUrl: servers.simUrl,
      credentials: { userId, password, apiKey, vendorCode, totp },
      rateLimits: false,
    });
    try {
      const lasts = new Map<string, number>();
      for (const [symbol, token] of TOKENS) {
        lasts.set(symbol, (await client.getQuote({ exchange: 'NSE', token })).lastPrice);
      }
      const placed: Array<string | undefined> = new Array(count);
      const refused: string[] = [];
      const placing = await drive(
        async (i) => {
          try {
            placed[i] = (await client.placeOrder(orderOf(i, lasts))).orderNumber;
          } catch (error) {
            refused.push(`${i}: ${error instanceof Error ? error.message : String(error)}`);
          }
        },
        count,
        IN_FLIGHT,
      );
      const { now } = await control<{ now: number }>(servers.simUrl, '/_sim/clock');
      moved = istDayStart(now) + DAY_MS + 1_000 - now;
      const closing = performance.now();
      await control(servers.simUrl, '/_sim/clock/advance', { ms: moved });
      const closeMs = performance.now() - closing;
      const numbers = placed.filter((n): n is string => n !== undefined);
      const statuses = new Map<string, string>();
      await drive(
        async (i) => {
          const orderNumber = numbers[i] as string;
          statuses.set(orderNumber, (await client.getOrderHistory(orderNumber)).current.status);
        },
        numbers.length,
        IN_FLIGHT,
      );
      const tally = new Map<string, number>();
      for (const s of statuses.values()) tally.set(s, (tally.get(s) ?? 0) + 1);
      const open = [...statuses].filter(([, s]) => !FINAL.has(s));
      const brokerView = await control<Array<{ status: string; rejectReason: string }>>(
        servers.simUrl,
        '/_sim/orders',
      );
      // Why orders were refused, by the reason's opening words (the figures after them vary).
      const reasons = new Map<string, number>();
      for (const o of brokerView) {
        if (o.status !== 'REJECTED') continue;
        const kind = o.rejectReason.split(/[:\d]/).slice(0, 2).join(':');
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      }
      return {
        figures: [
          {
            name: 'orders placed per second (client, 16 in flight)',
            value: (count / placing.elapsedMs) * 1000,
            unit: 'orders/s',
          },
          {
            name: 'placement latency p50',
            value: spreadOf(placing.latencies).p50,
            unit: 'ms',
            spread: spreadOf(placing.latencies),
          },
          { name: 'closing the session (one clock move settles every order)', value: closeMs, unit: 'ms' },
        ],
        notes: [...reasons].map(([kind, n]) => `rejected ${n}: ${kind}`),
        checks: [
          {
            name: 'every placement acknowledged',
            ok: refused.length === 0,
            detail: `${numbers.length} of ${count}${refused.length > 0 ? `; first refusal ${refused[0]}` : ''}`,
          },
          {
            name: 'every order final after the close',
            ok: open.length === 0 && statuses.size === numbers.length,
            detail: `${[...tally].map(([s, n]) => `${s} ${n}`).join(', ')}${
              open.length > 0
                ? `; not final: ${open
                    .slice(0, 5)
                    .map(([n, s]) => `${n} ${s}`)
                    .join(', ')}`
                : ''
            }`,
          },
          {
            name: 'the broker holds exactly the orders placed',
            ok: brokerView.length === numbers.length,
            detail: `${brokerView.length} at the broker, ${numbers.length} acknowledged`,
          },
        ],
      };
    } finally {
      await client.close();
      await servers.stop();
    }
  },
};
