import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { TradingPolicy } from '../../src/core/checks/index.js';
import type { DeskGate } from '../../src/discord/deps.js';
import { type McpHarness, startMcp } from './harness.js';

let m: McpHarness;
beforeAll(async () => {
  m = await startMcp({
    env: {
      OMSDESK_MARKET_HOURS: 'exchange',
      OMSDESK_HOLIDAYS: '2026-12-25,2027-01-26',
      OMSDESK_MAX_DAILY_ORDERS: '7',
    },
  });
});
afterAll(() => m.close());

describe('the trading policy reaches the MCP server and the desk through their gate', () => {
  it('gives a tool the policy the checks apply: the market hours, the holidays and the caps as configured', () => {
    expect(m.deps.gate.policy).toMatchObject({
      marketHours: 'exchange',
      holidays: ['2026-12-25', '2027-01-26'],
      maxDailyOrders: 7,
    });
    // The desk's gate is the same object, typed to carry it too: a command needs no setting of its own.
    expectTypeOf<DeskGate['policy']>().toEqualTypeOf<TradingPolicy>();
  });
});
