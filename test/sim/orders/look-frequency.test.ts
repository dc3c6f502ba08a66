import { describe, expect, it } from 'vitest';
import { AccountState } from '../../../src/sim/account-state.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import { createMarket } from '../../../src/sim/market/market.js';
import type { Market } from '../../../src/sim/market/types.js';
import { ordersView } from '../../../src/sim/orders/control-view.js';
import { OrderEngine } from '../../../src/sim/orders/engine.js';
import { parseTicket } from '../../../src/sim/orders/ticket.js';

// Friday 20 November 2026, 10:00 IST.
const START = Date.UTC(2026, 10, 20, 4, 30);

/** The same market without stamps: the engine can never take a look for one it already made. */
function unstamped(m: Market): Market {
  return {
    seed: m.seed,
    calendar: m.calendar,
    universe: (at) => m.universe(at),
    snapshot: (i, at) => m.snapshot(i, at),
    snapshotStamp: () => undefined,
    candles: (i, from, to, interval, at) => m.candles(i, from, to, interval, at),
    range: (i, from, to) => m.range(i, from, to),
    movePrice: (i, price, at) => m.movePrice(i, price, at),
    pricingInputs: (i, at) => m.pricingInputs(i, at),
  };
}

/** An engine over a fresh market of seed 5, with a day's resting book: limits near the touch and stops beyond. */
function engineWithBook(wrap: (m: Market) => Market): OrderEngine {
  const market = wrap(createMarket({ seed: 5, hours: 'always' }));
  const account = new AccountState(DEMO_ACCOUNT);
  const engine = new OrderEngine({ market, accounts: new Map([[DEMO_ACCOUNT.userId, account]]) });
  const universe = market.universe(START);
  const reliance = universe.bySymbol('NSE', 'RELIANCE-EQ');
  const last = reliance ? market.snapshot(reliance, START).last : 0;
  const grid = (p: number) => (Math.round(p * 20) / 20).toFixed(2);
  const leg = { exchange: 'NSE', tradingSymbol: 'RELIANCE-EQ', product: 'I', retention: 'DAY' };
  for (let i = 1; i <= 12; i++) {
    const buy = i % 2 === 0;
    const away = last * 0.0002 * i * (buy ? -1 : 1);
    const limit = {
      ...leg,
      quantity: String(50 * i),
      priceType: 'LMT',
      price: grid(last + away),
      transactionType: buy ? 'B' : 'S',
      remarks: `lmt-${i}`,
    };
    const stop = {
      ...leg,
      quantity: '5',
      priceType: 'SL-LMT',
      price: grid(last - away),
      triggerPrice: grid(last - away),
      transactionType: buy ? 'S' : 'B',
      remarks: `stop-${i}`,
    };
    engine.place(account, parseTicket(limit, universe), START);
    engine.place(account, parseTicket(stop, universe), START);
  }
  return engine;
}

/** Looks in one second, as offsets in ms: a fixed pattern, or a pseudo-random pick including the edges. */
function looksIn(second: number, pattern: 'fixed' | 'varied'): number[] {
  if (pattern === 'fixed') return [0, 300, 600];
  const offsets = [0, 1, 250, 500, 999];
  return offsets.filter((_, k) => (second * 7 + k * 13) % 5 < 2 + (second % 3));
}

describe('looks the engine skips', () => {
  it.each(['fixed', 'varied'] as const)(
    'leave every order, fill and report as looking every time would (%s looks, 15 minutes)',
    (pattern) => {
      const skipping = engineWithBook((m) => m);
      const looking = engineWithBook(unstamped);
      for (let s = 0; s < 900; s++) {
        for (const ms of looksIn(s, pattern)) {
          const at = START + s * 1_000 + ms;
          skipping.advance(at);
          looking.advance(at);
        }
      }
      const view = ordersView(skipping.store) as Array<{ status: string; filled: number }>;
      expect(view.filter((o) => o.filled > 0).length).toBeGreaterThan(4);
      expect(view.some((o) => o.status === 'OPEN' || o.status === 'TRIGGER_PENDING')).toBe(true);
      expect(view).toEqual(ordersView(looking.store));
    },
  );
});
