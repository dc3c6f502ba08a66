import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderWatcher } from '../../../src/core/watcher/index.js';
import { slowReads } from '../../helpers/slow-reads.js';
import { quote, startTeam, type Team } from './team-harness.js';

let team: Team | undefined;
let dir: string | undefined;
afterEach(async () => {
  await team?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
  team = undefined;
  dir = undefined;
});

describe('lanes', () => {
  it("keeps the watcher's order-book reads at its interval while 9 slow reads are in flight", async () => {
    team = await startTeam();
    await team.client.login();
    const slow = await slowReads(team.proxy, team.client);
    dir = await mkdtemp(join(tmpdir(), 'omsdesk-lanes-'));
    const watcher = new OrderWatcher({
      broker: team.client,
      clock: team.clock,
      statePath: join(dir, 'watcher.json'),
      intervalMs: 2_000,
    });
    const books = () => team?.proxy.count('/apiV2/orderBook') ?? 0;
    await watcher.start();
    await team.proxy.until(() => books() === 1);
    for (let look = 2; look <= 4; look += 1) {
      await team.tick(2_000);
      await team.proxy.until(() => books() === look);
    }
    expect(team.proxy.held()).toBeGreaterThanOrEqual(8);
    expect(team.proxy.count('/apiV2/tradeBook')).toBe(4);
    watcher.close();
    team.proxy.release();
    expect((await Promise.all(slow)).filter((r) => r instanceof Error)).toEqual([]);
  });

  it('sends an order and reads its checks at once while 9 slow reads are in flight', async () => {
    team = await startTeam();
    await team.client.login();
    const slow = await slowReads(team.proxy, team.client);
    const check = await team.client.getQuote(quote('2885'), { lane: 'placement' });
    const placed = await team.client.placeOrder({
      exchange: 'NSE',
      tradingSymbol: 'RELIANCE-EQ',
      side: 'BUY',
      quantity: 1,
      priceType: 'LMT',
      price: Math.round(check.lastPrice * 20) / 20,
      product: 'I',
    });
    expect(placed.orderNumber).toMatch(/^\d+$/);
    const book = await team.client.getOrderBook({ lane: 'placement' });
    expect(book.map((o) => o.orderNumber)).toContain(placed.orderNumber);
    expect(team.proxy.held()).toBeGreaterThanOrEqual(8);
    team.proxy.release();
    await Promise.all(slow);
  });
});
