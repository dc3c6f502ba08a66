import { afterEach, describe, expect, it } from 'vitest';
import { placeOutside } from '../../helpers/sim.js';
import { quote, startTeam, type Team } from './team-harness.js';

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

const QUOTES = '/apiV2/getQuotes';
const BOOK = '/apiV2/orderBook';

/** Five people on Discord and five assistants over MCP, each asking through a view of their own. */
function askers(t: Team) {
  return [
    ...Array.from({ length: 5 }, (_, i) => t.client.as({ asker: `discord:user-${i}` })),
    ...Array.from({ length: 5 }, (_, i) => t.client.as({ asker: `mcp:session-${i}` })),
  ];
}

describe('identical reads, shared', () => {
  it('answers 10 concurrent identical quotes from Discord and MCP askers with at most 2 broker calls', async () => {
    team = await startTeam();
    await team.client.login();
    const answers = await Promise.all(askers(team).map((a) => a.getQuote(quote('2885'))));
    expect(team.proxy.count(QUOTES)).toBeLessThanOrEqual(2);
    expect(new Set(answers.map((q) => q.lastPrice)).size).toBe(1);
    expect(answers.every((q) => q.requestTime !== undefined)).toBe(true);
  });

  it('answers 50 quotes over 2 s with at most 4 broker calls, each saying when its data is from', async () => {
    team = await startTeam();
    await team.client.login();
    const people = askers(team);
    const ages: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const q = await (people[i % people.length] ?? team.client).getQuote(quote('2885'));
      ages.push(team.clock.now() - Date.parse(q.requestTime ?? ''));
      await team.tick(40);
    }
    expect(team.proxy.count(QUOTES)).toBeLessThanOrEqual(4);
    // An answer given again keeps the time of its data (whole seconds): never older than the window allows.
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThan(750 + 1000);
  });

  it('shares nothing across accounts: each account reads its own quote and its own book', async () => {
    team = await startTeam();
    const other = team.otherAccount();
    await Promise.all([team.client.login(), other.login()]);
    await Promise.all([team.client.getQuote(quote('2885')), other.getQuote(quote('2885'))]);
    expect(team.proxy.count(QUOTES)).toBe(2);
    const number = await placeOutside(team.h);
    const [mine, theirs] = await Promise.all([team.client.getOrderBook(), other.getOrderBook()]);
    expect(mine.map((o) => o.orderNumber)).toContain(number);
    expect(theirs.map((o) => o.orderNumber)).not.toContain(number);
    const keys = team.proxy.passed.filter((p) => p.path === BOOK).map((p) => p.body.userId);
    expect(keys.sort()).toEqual(['SIM001', 'SIM002']);
  });

  it('never gives the checks before an order leaves, or the watcher, a shared answer: they read afresh', async () => {
    team = await startTeam();
    const person = team.client.as({ asker: 'discord:alice' });
    const before = await person.getOrderBook();
    const number = await placeOutside(team.h);
    // Within the window people are given the book already read; the placement lane never is.
    expect((await person.getOrderBook()).map((o) => o.orderNumber)).toEqual(before.map((o) => o.orderNumber));
    const checked = await team.client.getOrderBook({ lane: 'placement' });
    expect(checked.map((o) => o.orderNumber)).toContain(number);
    const moved = (await person.getQuote(quote('2885'))).lastPrice * 1.01;
    await team.h.post('/_sim/price', { exchange: 'NSE', token: '2885', price: moved });
    const recheck = await team.client.as({ lane: 'placement' }).getQuote(quote('2885'));
    expect(recheck.lastPrice).toBeCloseTo(moved, 1);
    const look = await team.client.getOrderBook({ lane: 'watcher' });
    expect(look.map((o) => o.orderNumber)).toContain(number);
    expect(team.proxy.count(BOOK)).toBe(3);
  });

  it('gives people the fresher answer a check or the watcher just read, and forgets books once an order is sent', async () => {
    team = await startTeam();
    const person = team.client.as({ asker: 'discord:alice' });
    await person.getOrderBook();
    const number = await placeOutside(team.h);
    await team.client.getOrderBook({ lane: 'watcher' });
    expect((await person.getOrderBook()).map((o) => o.orderNumber)).toContain(number);
    expect(team.proxy.count(BOOK)).toBe(2);
    const placed = await team.client.placeOrder({
      exchange: 'NSE',
      tradingSymbol: 'SBIN-EQ',
      side: 'BUY',
      quantity: 1,
      priceType: 'MKT',
      product: 'I',
    });
    expect((await person.getOrderBook()).map((o) => o.orderNumber)).toContain(placed.orderNumber);
    expect(team.proxy.count(BOOK)).toBe(3);
  });
});
