import { afterEach, describe, expect, it } from 'vitest';
import type { CallRoute } from '../../src/core/client/index.js';
import type { DeskClient } from '../../src/discord/deps.js';
import { ALICE, CAROL, type DeskHarness, startDesk, textOf } from './harness.js';

let d: DeskHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

/** The desk's client, telling which routes the desk asked it for views under. */
function watched(routes: CallRoute[]) {
  return (client: DeskClient): DeskClient => ({
    ...client,
    as: (route) => {
      routes.push(route);
      return client.as(route);
    },
  });
}

describe("a person's asks on the desk", () => {
  it("run in people's lane under the person who asked, each person on their own", async () => {
    const routes: CallRoute[] = [];
    d = await startDesk({ reads: watched(routes) });
    await d.fake.reply(d.run('quote', { instrument: 'INFY' }, ALICE));
    await d.fake.reply(d.run('limits', {}, CAROL));
    expect(routes).toEqual(
      expect.arrayContaining([
        { lane: 'people', asker: `discord:${ALICE.id}` },
        { lane: 'people', asker: `discord:${CAROL.id}` },
      ]),
    );
  });

  it('that cannot be served in time are refused at once, privately, saying when to run them again', async () => {
    // One quote a minute: the second person's quote has no slot within its deadline.
    d = await startDesk({
      readClient: { rateLimits: { quotes: { limit: 1, windowMs: 60_000 } }, laneReserves: {} },
    });
    expect(textOf(await d.fake.reply(d.run('quote', { instrument: 'INFY' }, ALICE)))).toMatch(/^NSE:INFY-EQ/);
    const rec = d.run('quote', { instrument: 'TCS' }, CAROL);
    const told = await d.fake.followUp(rec);
    expect(rec.deleted).toBe(true);
    expect(told.flags & 64).toBe(64);
    const said =
      /getQuote: refused at once, nothing was sent: .*; retry in (\d+) s\nNext: run the command again in \1 s\./s.exec(
        textOf(told),
      );
    // The slot frees a minute after the first answer: whole seconds from then, rounded up.
    expect(Number(said?.[1])).toBeGreaterThan(50);
    expect(Number(said?.[1])).toBeLessThanOrEqual(60);
  });
});
