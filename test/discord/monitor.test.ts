import { rm } from 'node:fs/promises';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CAROL, MONITOR_CHANNEL, TRADING_CHANNEL } from '../fakes/discord/ids.js';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { textOf, ticketIn } from './harness.js';
import {
  type MonitorHarness,
  orderOfMessage,
  startMonitorDesk,
  TO_AFTER_CLOSE_MS,
} from './monitor-harness.js';

let d: MonitorHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const isSummary = (m: FakeMessage): boolean => String(m.embeds[0]?.title ?? '').startsWith('Day summary');

/** Places a market buy from Discord (Carol asks, Alice confirms) and returns its order number. */
async function orderFromDiscord(h: MonitorHarness): Promise<string> {
  const rec = h.fake.command(
    'order',
    { side: 'BUY', instrument: 'ITC', quantity: 2, price_type: 'MKT' },
    { user: CAROL, channelId: TRADING_CHANNEL },
  );
  const id = ticketIn(await h.fake.reply(rec));
  await h.confirm(id);
  return h.fake.waitFor(() => h.gate.get(id)?.legs[0]?.outcome?.orderNumber, `the order of ${id}`);
}

/** Sells stock the account does not hold through MCP (confirmed on its card): the broker rejects it. */
async function orderFromMcp(h: MonitorHarness): Promise<string> {
  const client = await h.mcp();
  const call = client.callTool(
    { name: 'place_order', arguments: { instrument: 'SBIN', side: 'SELL', quantity: 1, product: 'C' } },
    undefined,
    { timeout: 15_000 },
  ) as Promise<CallToolResult>;
  const id = await h.fake.waitFor(
    () => h.gate.list().find((t) => t.requestedBy.channel === 'mcp')?.id,
    'the MCP ticket',
  );
  await h.confirm(id);
  const result = await call;
  const numbers = (result.structuredContent as { orderNumbers?: string[] }).orderNumbers ?? [];
  expect(numbers).toHaveLength(1);
  return numbers[0] as string;
}

/** A limit buy 3 % under the market, straight on the broker's API: it rests until the close. */
async function restingOrderOutside(h: MonitorHarness): Promise<string> {
  const last = (await h.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
  return h.placeOutside({ priceType: 'LMT', price: (Math.round(last * 0.97 * 20) / 20).toFixed(2) });
}

describe('the monitoring channel', () => {
  it('gives an order from Discord, one through MCP and one from outside omsdesk one message each, edited to its final state, and posts the day summary once', async () => {
    d = await startMonitorDesk();
    const fromDiscord = await orderFromDiscord(d);
    const fromMcp = await orderFromMcp(d);
    const outside = await restingOrderOutside(d);
    await d.poll();

    const filled = await d.messageWhere(fromDiscord, (m) => /COMPLETE/.test(textOf(m)), 'filled');
    expect(textOf(filled)).toMatch(/^BUY 2 NSE:ITC-EQ · COMPLETE/);
    expect(textOf(filled)).toMatch(/Filled: 2 of 2 @ ₹[\d,.]+ average/);
    expect(textOf(filled)).toMatch(
      /Placed by: Ticket T[A-Z0-9]{8}: requested by <@\d+> on Discord, confirmed by <@\d+>/,
    );
    expect(textOf(filled)).toContain(`<@${CAROL.id}> on Discord`);
    expect(textOf(filled)).toMatch(/Times: 2026-11-20 \(IST\): placed 10:00:00, /);

    const rejected = await d.messageWhere(fromMcp, (m) => /REJECTED/.test(textOf(m)), 'rejected');
    expect(textOf(rejected)).toMatch(/^SELL 1 NSE:SBIN-EQ · REJECTED/);
    expect(textOf(rejected)).toMatch(/Reason: ⟦RED:Insufficient holdings.*⟧/);
    expect(textOf(rejected)).toMatch(/requested by the MCP client omsdesk-test, confirmed by <@\d+>/);

    const open = await d.messageWhere(outside, (m) => /· OPEN/.test(textOf(m)), 'open');
    expect(textOf(open)).toMatch(/Placed by: Outside omsdesk/);
    expect(textOf(open)).toMatch(/Filled: 0 of 1/);

    // The session closes at 15:30: the paper broker cancels the resting order; the summary goes out.
    await d.advance(TO_AFTER_CLOSE_MS);
    await d.poll();
    // The paper broker spells the word as the OMS sometimes does: CANCELLED. The message shows it as sent.
    const cancelled = await d.messageWhere(outside, (m) => /· CANCELLED/.test(textOf(m)), 'cancelled');
    expect(cancelled.id).toBe(open.id);
    expect(textOf(cancelled)).toMatch(/Times: .*last change seen 15:31:00/);
    expect(cancelled.versions.map((v) => v.split(' · ')[1])).toEqual(['OPEN', 'CANCELLED']);

    const summary = await d.fake.waitFor(() => d?.messages().find(isSummary), 'the day summary');
    const text = textOf(summary);
    expect(text).toMatch(/^Day summary, Friday 2026-11-20/);
    expect(text).toContain('Orders: 3: 1 complete, 0 open, 1 rejected, 1 cancelled');
    expect(text).toMatch(/Fills: 1 fill, 2 units/);
    expect(text).toContain('Placed from: Discord 1 · MCP 1 · omsdesk client 0 · outside omsdesk 1');
    expect(text).toMatch(/Rejections by reason: 1 × Insufficient holdings: ⟦RED:Insufficient holdings/);

    // Later that day, and after a restart that day (when Discord no longer knows the nonce): no second one.
    d.fake.forgetNonces();
    await d.restart();
    await d.advance(3_600_000);
    await d.poll();
    expect(d.messages().filter(isSummary)).toHaveLength(1);
    for (const order of [fromDiscord, fromMcp, outside]) {
      expect(d.messages().filter((m) => orderOfMessage(m) === order)).toHaveLength(1);
    }
    expect(d.messages()).toHaveLength(4);
    expect(d.fake.errors).toEqual([]);
  });

  /**
   * A filled order at 10:00 on Friday, the desk stopped, started again `downMs` later: the day summary it
   * posts, after checking that a further restart and ten minutes post no second one.
   */
  async function summaryAfterDowntime(downMs: number): Promise<FakeMessage> {
    d = await startMonitorDesk();
    const market = await d.placeOutside({});
    await d.poll();
    await d.messageWhere(market, (m) => /COMPLETE/.test(textOf(m)), 'filled');
    await d.stopDesk();
    await d.advance(downMs);
    await d.startDesk();
    const summary = await d.fake.waitFor(() => d?.messages().find(isSummary), 'the day summary');
    d.fake.forgetNonces();
    await d.stopDesk();
    await d.startDesk();
    await d.advance(600_000);
    await d.stopDesk();
    expect(d.messages().filter(isSummary)).toHaveLength(1);
    expect(d.messages()).toHaveLength(2);
    return summary;
  }

  it('posts the day summary at once when started after the close with none posted that day, and never again that day', async () => {
    const summary = await summaryAfterDowntime(TO_AFTER_CLOSE_MS + 3_600_000);
    expect(textOf(summary)).toMatch(/^Day summary, Friday 2026-11-20/);
    expect(textOf(summary)).toContain('Orders: 1: 1 complete, 0 open, 0 rejected, 0 cancelled');
    expect(textOf(summary)).toContain('The session closed at 15:30 IST.');
  });

  it("posts a day's summary on the next morning when omsdesk was down over its close, from the orders the channel followed, once", async () => {
    // Started again at 09:31 on Saturday: no process saw Friday's close, and the books now hold Saturday.
    const summary = await summaryAfterDowntime(TO_AFTER_CLOSE_MS + 18 * 3_600_000);
    expect(textOf(summary)).toMatch(/^Day summary, Friday 2026-11-20/);
    expect(textOf(summary)).toContain('Orders: 1: 1 complete, 0 open, 0 rejected, 0 cancelled');
    expect(textOf(summary)).toContain('Composed afterwards from the orders this channel followed');
  });

  /**
   * A resting order placed at 10:00 on Friday, the desk stopped while the watcher goes on through the
   * close (the order is cancelled) and the night; `onSaturday` runs before the desk starts again. Returns
   * the order's message as first posted and its number.
   */
  async function deskDownOverTheClose(
    journalSize: number | undefined,
    onSaturday: (h: MonitorHarness) => Promise<void> = async () => undefined,
  ): Promise<{ open: FakeMessage; resting: string }> {
    d = await startMonitorDesk(journalSize === undefined ? {} : { journalSize });
    const last = (await d.client.getQuote({ exchange: 'NSE', token: '3045' })).lastPrice;
    const resting = await d.placeOutside({
      priceType: 'LMT',
      price: (Math.round(last * 0.97 * 20) / 20).toFixed(2),
    });
    await d.poll();
    const open = await d.messageWhere(resting, (m) => /· OPEN/.test(textOf(m)), 'open');
    await d.stopDesk();
    await d.advance(TO_AFTER_CLOSE_MS);
    await d.poll();
    await d.advance(12 * 3_600_000);
    await d.poll();
    expect(d.watcher.orders()).toEqual([]);
    await onSaturday(d);
    await d.startDesk();
    return { open, resting };
  }

  it("edits a previous day's message from the watcher's last view of that day when its events fell out of the journal", async () => {
    const { open, resting } = await deskDownOverTheClose(2, async (h) => {
      // Saturday: an order the closed market rejects; its events push Friday's out of a two-event journal.
      await h.placeOutside({});
      await h.poll();
      expect(h.watcher.orders()).toHaveLength(1);
    });
    const cancelled = await d?.messageWhere(resting, (m) => /· CANCELLED/.test(textOf(m)), 'cancelled');
    expect(cancelled?.id).toBe(open.id);
    expect(d?.messages().filter((m) => orderOfMessage(m) === resting)).toHaveLength(1);
  });

  it('edits the messages of a previous day from the watcher journal when the desk was down over the close and the night', async () => {
    const { open, resting } = await deskDownOverTheClose(undefined);
    const cancelled = await d?.messageWhere(resting, (m) => /· CANCELLED/.test(textOf(m)), 'cancelled');
    expect(cancelled?.id).toBe(open.id);
    expect(d?.messages().filter((m) => !isSummary(m))).toHaveLength(1);
  });

  it('answers /summary with today so far, to the asker alone, and refuses it in the monitoring channel', async () => {
    d = await startMonitorDesk();
    await d.placeOutside({});
    await d.placeOutside({ transactionType: 'S', product: 'C', quantity: '7', remarks: 'od-1a2b3c4d' });
    const reply = await d.fake.reply(
      d.fake.command('summary', {}, { user: CAROL, channelId: TRADING_CHANNEL }),
    );
    expect(reply.flags & 64).toBe(64);
    const text = textOf(reply);
    expect(text).toMatch(/^Today so far, Friday 2026-11-20/);
    expect(text).toContain('Orders: 2: 1 complete, 0 open, 1 rejected, 0 cancelled');
    expect(text).toContain('Placed from: Discord 0 · MCP 0 · omsdesk client 1 · outside omsdesk 1');
    expect(text).toMatch(/Rejections by reason: 1 × Insufficient holdings: ⟦RED:Insufficient holdings/);
    expect(text).toContain("As the broker's books stand at 10:00:00 IST.");

    const refused = d.fake.command('summary', {}, { user: CAROL, channelId: MONITOR_CHANNEL });
    const answer = await d.fake.waitFor(() => refused.acks[0], 'the refusal');
    expect(String(answer.data.content)).toMatch(/read-only monitoring channel/);
  });

  it("starts a new monitoring channel with today's orders as the watcher already sees them, not with older days from its journal", async () => {
    d = await startMonitorDesk();
    await d.stopDesk();
    await rm(d.outboxPath, { force: true });
    const friday = await d.placeOutside({ remarks: 'friday' });
    await d.poll();
    await d.advance(3 * 24 * 3_600_000);
    const monday = await d.placeOutside({ remarks: 'monday' });
    await d.poll();
    await d.startDesk();
    await d.messageWhere(monday, (m) => /COMPLETE/.test(textOf(m)), 'posted');
    await d.stopDesk();
    expect(d.messageOf(friday)).toBeUndefined();
    expect(d.messages()).toHaveLength(1);
  });
});
