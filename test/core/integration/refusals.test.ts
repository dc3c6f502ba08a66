import { afterEach, describe, expect, it } from 'vitest';
import { type BrokerError, isBrokerError } from '../../../src/core/errors.js';
import { EQUITIES, quote, startTeam, type Team } from './team-harness.js';

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

const QUOTES = '/apiV2/getQuotes';

/** An ask's outcome and when (on the client's clock) it came. */
interface Outcome {
  readonly at: number;
  readonly error?: BrokerError;
}

function timed(t: Team, work: Promise<unknown>): Promise<Outcome> {
  return work.then(
    () => ({ at: t.clock.now() }),
    (error: unknown) => {
      if (!isBrokerError(error)) throw error;
      return { at: t.clock.now(), error };
    },
  );
}

/** The seconds a refusal says to wait. */
function retryIn(o: Outcome): number {
  const found = /retry in (\d+) s/.exec(o.error?.message ?? '');
  if (found === null) throw new Error(`no "retry in N s" in ${o.error?.message}`);
  return Number(found[1]);
}

describe('asks that cannot be served in time', () => {
  it('are refused at once, within their deadline, saying when to retry to within a second', async () => {
    team = await startTeam();
    await team.client.login();
    const t0 = team.clock.now();
    const person = team.client.as({ asker: 'discord:alice' });
    // People's share of quotes is 2 a window (1.2 s): with 3 s to live, 6 distinct quotes fit, 2 do not.
    const asks = EQUITIES.slice(0, 8).map((token) =>
      timed(team as Team, person.getQuote(quote(token), { timeoutMs: 3_000 })),
    );
    const refused = (await Promise.all(asks.slice(6))).filter((o) => o.error !== undefined);
    expect(refused).toHaveLength(2);
    for (const o of refused) {
      expect(o.at).toBe(t0);
      expect(o.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 4_000 });
      expect(o.error?.message).toContain('refused at once, nothing was sent');
      expect(retryIn(o)).toBe(4);
    }
    // Each pair answered (no time passing on the wire) before the clock moves on.
    const served = await Promise.all(asks.slice(0, 2));
    for (const pair of [asks.slice(2, 4), asks.slice(4, 6)]) {
      await team.tick(1_200);
      served.push(...(await Promise.all(pair)));
    }
    expect(served.map((o) => [o.at - t0, o.error?.message])).toEqual(
      [0, 0, 1_200, 1_200, 2_400, 2_400].map((at) => [at, undefined]),
    );
    // A second before the time given, the slot is not free yet, and comes within that second.
    await team.tick(600);
    const early = await timed(team, person.getQuote(quote(EQUITIES[6] as string), { timeoutMs: 500 }));
    expect(retryIn(early)).toBe(1);
    // At the time given, a retry is sent at once.
    await team.tick(1_000);
    expect(team.clock.now() - t0).toBe(4_000);
    const retried = await timed(team, person.getQuote(quote(EQUITIES[6] as string), { timeoutMs: 3_000 }));
    expect(retried).toEqual({ at: t0 + 4_000 });
  });

  it("lets nobody's busy assistant starve a person: the person's ask goes in the next free slot", async () => {
    team = await startTeam();
    await team.client.login();
    const busy = team.client.as({ asker: 'mcp:busy-assistant' });
    const flood = EQUITIES.slice(0, 12).map((token) => timed(team as Team, busy.getQuote(quote(token))));
    await Promise.all(flood.slice(0, 2));
    const person = timed(
      team,
      team.client.as({ asker: 'discord:bob' }).getQuote(quote(EQUITIES[20] as string)),
    );
    await team.tick(1_200);
    const bob = await person;
    expect(bob).toEqual({ at: team.clock.now() });
    const asked = team.proxy.passed.filter((p) => p.path === QUOTES).map((p) => p.body.token);
    // One of the assistant's, then the person's: not after the assistant's ten others.
    expect(asked.slice(2)).toEqual([EQUITIES[2], EQUITIES[20]]);
    await flood[2];
    for (const pair of [[3, 4], [5, 6], [7, 8], [9, 10], [11]]) {
      await team.tick(1_200);
      await Promise.all(pair.map((i) => flood[i]));
    }
    expect((await Promise.all(flood)).filter((o) => o.error !== undefined)).toEqual([]);
  });
});
