import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ALICE,
  buttonsOf,
  CAROL,
  type DeskHarness,
  rawTextOf,
  startDesk,
  textOf,
  ticketIn,
} from './harness.js';

let d: DeskHarness;
beforeAll(async () => {
  // Reads may take longer than Discord's 3 seconds here: the client must wait for them.
  d = await startDesk({ readTimeoutMs: 10_000 });
});
afterAll(() => d.close());

describe('a slow broker, a rate-limited channel, a rejecting broker', () => {
  it('acknowledges within 3 s while the broker takes 3.5 s, then answers', async () => {
    const armed = await d.g.h.post('/_sim/faults', {
      fault: { kind: 'latency', ms: 3_500 },
      count: 1,
      paths: ['/apiV2/getQuotes'],
    });
    expect(armed.status).toBe(200);
    const rec = d.run('quote', { instrument: 'TCS' });
    const ack = await d.fake.ack(rec);
    expect(ack.type).toBe(5);
    expect(ack.at - rec.sentAt).toBeLessThan(3_000);
    const reply = await d.fake.reply(rec);
    expect(textOf(reply)).toMatch(/^NSE:TCS-EQ: ₹/);
    expect(Date.now() - rec.sentAt).toBeGreaterThanOrEqual(3_400);
    expect(rec.refused).toEqual([]);
  });

  it('posts the card even when the channel answers 429 first (discord.js waits and retries)', async () => {
    d.fake.rateLimitNextPosts(1);
    const id = ticketIn(
      await d.fake.reply(
        d.run('order', { side: 'BUY', instrument: 'ITC', quantity: 1, price_type: 'MKT' }, CAROL),
      ),
    );
    expect(d.fake.errors.filter((e) => e.startsWith('429'))).toHaveLength(1);
    expect(buttonsOf(d.card(id) as never)).toEqual([`confirm:${id}`, `reject:${id}`]);
    await d.fake.ack(d.click(id, 'reject', ALICE));
  });

  it("shows the broker's rejection on the card, escaped and marked as data", async () => {
    const id = ticketIn(
      await d.fake.reply(
        d.run('order', { side: 'SELL', instrument: 'SBIN', quantity: 1, price_type: 'MKT' }, CAROL),
      ),
    );
    await d.cardWhere(id, (c) => buttonsOf(c).length === 2, 'posted');
    // The demo account holds no SBIN: the broker accepts the order, then its risk check rejects it.
    await d.fake.ack(d.click(id, 'confirm', ALICE));
    const card = await d.cardWhere(
      id,
      (c) => /rejected by the broker/.test(textOf(c)),
      'rejected by the broker',
    );
    expect(textOf(card)).toMatch(/SBIN-EQ: order \d{14} REJECTED: ⟦RED:Insufficient holdings.*\[RISK2\]⟧/);
    expect(rawTextOf(card)).toContain('\\[RISK2\\]⟧');
    expect(d.g.placements.length).toBeGreaterThan(0);
  });

  it('takes back the public "thinking" message when the broker fails, and tells only the person, in the core\'s words', async () => {
    await d.g.h.post('/_sim/faults', {
      fault: { kind: 'error', status: 502 },
      count: 10,
      paths: ['/apiV2/getQuotes'],
    });
    const rec = d.run('quote', { instrument: 'WIPRO' });
    const told = await d.fake.followUp(rec);
    await d.g.h.post('/_sim/faults', undefined, { method: 'DELETE' });
    expect(rec.deleted).toBe(true);
    expect(told.flags & 64).toBe(64);
    expect(textOf(told)).toMatch(
      /getQuote: the broker is unavailable right now.*\nNext: try again in a minute\./s,
    );
  });
});
