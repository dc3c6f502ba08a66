import { readFile, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeMessage } from '../fakes/discord/payloads.js';
import { type MonitorHarness, orderOfMessage, startMonitorDesk, until } from './monitor-harness.js';

let d: MonitorHarness | undefined;
afterEach(async () => {
  await d?.close();
  d = undefined;
});

const SBIN = '3045';

/** A limit buy of SBIN 3 % under the market, straight on the broker's API: it rests. */
async function restingBuy(h: MonitorHarness): Promise<{ orderNumber: string; limit: number }> {
  const last = (await h.client.getQuote({ exchange: 'NSE', token: SBIN })).lastPrice;
  const limit = Math.round(last * 0.97 * 20) / 20;
  const orderNumber = await h.placeOutside({ priceType: 'LMT', price: limit.toFixed(2) });
  return { orderNumber, limit };
}

/** The status word a message shows. */
const statusOf = (m: FakeMessage): string => String(m.embeds[0]?.title ?? '').split(' · ')[1] ?? '';
/** The status words a message showed, from its posting to now. */
const statusesOf = (m: FakeMessage | undefined): string[] =>
  (m?.versions ?? []).map((v) => v.split(' · ')[1] ?? '');

/** The messages of each order: exactly one each, or the test fails. */
function oneEach(h: MonitorHarness, orders: readonly string[]): FakeMessage[] {
  for (const n of orders)
    expect([n, h.messages().filter((m) => orderOfMessage(m) === n).length]).toEqual([n, 1]);
  return orders.map((n) => h.messageOf(n) as FakeMessage);
}

describe('the monitoring channel when Discord or omsdesk fail', () => {
  it('sends a burst of orders one message at a time, each order once and in its final state, while the orders move on', async () => {
    d = await startMonitorDesk();
    const resting: Array<{ orderNumber: string; limit: number }> = [];
    for (let i = 0; i < 20; i += 1) resting.push(await restingBuy(d));
    await d.poll();
    await d.fake.waitFor(() => (d?.messages().length ?? 0) > 0 || undefined, 'the first message');
    // Every order fills while the first messages are still going out.
    await d.movePrice(SBIN, Math.min(...resting.map((r) => r.limit)) - 2);
    await d.poll();
    for (const r of resting) await d.messageWhere(r.orderNumber, (m) => statusOf(m) === 'COMPLETE', 'filled');
    oneEach(
      d,
      resting.map((r) => r.orderNumber),
    );
    expect(d.messages()).toHaveLength(20);
    expect(d.fake.mostChannelCallsAtOnce).toBe(1);
  });

  it('loses nothing and posts nothing twice when Discord answers 429 to posts and edits', async () => {
    d = await startMonitorDesk();
    d.fake.rateLimitNextPosts(2);
    d.fake.rateLimitNextEdits(1);
    const resting = await restingBuy(d);
    const market = await d.placeOutside({});
    await d.poll();
    await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'OPEN', 'open');
    await d.movePrice(SBIN, resting.limit - 2);
    await d.poll();
    await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'COMPLETE', 'filled');
    await d.messageWhere(market, (m) => statusOf(m) === 'COMPLETE', 'filled');
    const [first] = oneEach(d, [resting.orderNumber, market]);
    expect(statusesOf(first)).toEqual(['OPEN', 'COMPLETE']);
    expect(d.fake.errors.filter((e) => e.startsWith('429'))).toHaveLength(3);
    expect(d.messages()).toHaveLength(2);
  });

  it('keeps what happens during a Discord outage of several seconds in the outbox, never slowing the watcher, and posts each order once when Discord is back', async () => {
    d = await startMonitorDesk();
    // First Discord does not answer at all.
    d.fake.outage('hang');
    const resting = await restingBuy(d);
    const market = await d.placeOutside({});
    await d.poll();
    // An outbox not written yet holds nothing saved.
    const saved = async (): Promise<string[]> => {
      const text = await readFile(d?.outboxPath as string, 'utf8').catch(() => '{"orders":[]}');
      return (JSON.parse(text) as { orders: Array<{ orderNumber: string }> }).orders.map(
        (o) => o.orderNumber,
      );
    };
    // The watcher went on, and the outbox holds both orders while the first post still waits for Discord.
    await until(async () => (await saved()).length === 2, 'the outbox to be saved');
    expect(await saved()).toEqual([resting.orderNumber, market]);
    expect(d.fake.calls.filter((c) => c.startsWith('POST /channels/'))).toHaveLength(1);
    expect(d.messages()).toEqual([]);
    // Then it answers 503: discord.js tries four times and gives up; then connections drop.
    d.fake.outage('error');
    await d.backoff(1_000);
    expect(d.fake.errors.filter((e) => e.startsWith('503'))).toHaveLength(4);
    d.fake.outage('drop');
    await d.clock.advance(1_000);
    await d.backoff(2_000);
    // The resting order fills while Discord is down.
    await d.movePrice(SBIN, resting.limit - 2);
    await d.poll();
    await d.clock.advance(2_000);
    await d.backoff(4_000);
    expect(d.fake.errors.filter((e) => e.startsWith('dropped'))).toHaveLength(2);
    expect(d.messages()).toEqual([]);
    expect(d.logs.some((l) => l.startsWith('warn monitoring channel: Discord did not take a message'))).toBe(
      true,
    );

    d.fake.outage(undefined);
    await d.clock.advance(4_000);
    await d.messageWhere(market, (m) => statusOf(m) === 'COMPLETE', 'filled');
    const [filled] = oneEach(d, [resting.orderNumber, market]);
    // Posted once Discord was back, already in its final state.
    expect(statusesOf(filled)).toEqual(['COMPLETE']);
    expect(d.messages()).toHaveLength(2);
    await until(
      () => d?.logs.some((l) => l.startsWith('info monitoring channel: Discord answers again')) === true,
      'the log to say Discord is back',
    );
  });

  it('does not post twice when the answer to a post is lost after Discord created the message (the retry carries the same nonce)', async () => {
    d = await startMonitorDesk();
    d.fake.loseNextPostAnswers(1);
    const resting = await restingBuy(d);
    await d.poll();
    await d.backoff(1_000);
    expect(d.messages()).toHaveLength(1);
    await d.clock.advance(1_000);
    await d.movePrice(SBIN, resting.limit - 2);
    await d.poll();
    const message = await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'COMPLETE', 'filled');
    expect(d.messages()).toHaveLength(1);
    expect(message.nonce).toBe(`o${resting.orderNumber}`);
    expect(d.fake.errors).toEqual([`lost answer POST /api/v10/channels/${message.channel_id}/messages`]);
  });

  it('catches up after a restart in the middle, from the watcher journal: edits the same messages, posts new orders once, drops no event', async () => {
    d = await startMonitorDesk();
    const resting = await restingBuy(d);
    const market = await d.placeOutside({});
    await d.poll();
    const open = await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'OPEN', 'open');
    await d.messageWhere(market, (m) => statusOf(m) === 'COMPLETE', 'filled');

    let later = '';
    await d.restart(async () => {
      // While omsdesk is down, the resting order fills and someone places another order.
      await d?.movePrice(SBIN, resting.limit - 2);
      later = (await d?.placeOutside({ remarks: 'while omsdesk was down' })) as string;
    });
    await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'COMPLETE', 'filled');
    await d.messageWhere(later, (m) => statusOf(m) === 'COMPLETE', 'posted');

    // The desk alone restarts while the watcher goes on: what it saw meanwhile is replayed.
    await d.stopDesk();
    const third = await restingBuy(d);
    await d.poll();
    await d.startDesk();
    await d.messageWhere(third.orderNumber, (m) => statusOf(m) === 'OPEN', 'open');

    const [filled, untouched] = oneEach(d, [resting.orderNumber, market, later, third.orderNumber]);
    expect(filled?.id).toBe(open.id);
    expect(statusesOf(filled)).toEqual(['OPEN', 'COMPLETE']);
    expect(statusesOf(untouched)).toEqual(['COMPLETE']);
    expect(d.messages()).toHaveLength(4);
    expect(d.fake.errors).toEqual([]);
  });

  it.each([
    {
      how: 'by the nonce, where the bot may not read the channel',
      readHistory: false,
      forgetNonces: false,
    },
    { how: 'in the channel, once Discord forgot the nonce', readHistory: true, forgetNonces: true },
  ])(
    'finds its own message $how after a crash between a post and the saving of its id, instead of posting again',
    async ({ readHistory, forgetNonces }) => {
      d = await startMonitorDesk();
      d.fake.readHistory = readHistory;
      const resting = await restingBuy(d);
      await d.poll();
      const open = await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'OPEN', 'open');
      await d.restart(async () => {
        // As if the process died after Discord created the message and before the outbox was saved.
        const saved = JSON.parse(await readFile(d?.outboxPath as string, 'utf8')) as {
          orders: Array<{ messageId?: string; sentRevision: number }>;
        };
        for (const order of saved.orders) {
          delete order.messageId;
          order.sentRevision = 0;
        }
        await writeFile(d?.outboxPath as string, JSON.stringify(saved));
        if (forgetNonces) d?.fake.forgetNonces();
        await d?.movePrice(SBIN, resting.limit - 2);
      });
      const filled = await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'COMPLETE', 'filled');
      expect(filled.id).toBe(open.id);
      expect(d.messages()).toHaveLength(1);
      expect(statusesOf(filled)).toEqual(['OPEN', 'COMPLETE']);
      expect(d.fake.calls.filter((c) => c.startsWith('GET /channels/'))).toHaveLength(1);
    },
  );

  it('posts the message of an order again, once, when someone deleted it, and follows the order there', async () => {
    d = await startMonitorDesk();
    const resting = await restingBuy(d);
    await d.poll();
    const open = await d.messageWhere(resting.orderNumber, (m) => statusOf(m) === 'OPEN', 'open');
    d.fake.deleteMessage(open.channel_id, open.id);
    await d.movePrice(SBIN, resting.limit - 2);
    await d.poll();
    const again = await d.messageWhere(
      resting.orderNumber,
      (m) => statusOf(m) === 'COMPLETE',
      'posted again',
    );
    expect(again.id).not.toBe(open.id);
    expect(again.nonce).toBe(`o${resting.orderNumber}r1`);
    expect(d.messages()).toHaveLength(1);
    expect(d.logs.some((l) => l.startsWith('warn monitoring channel: an order message was deleted'))).toBe(
      true,
    );
  });
});
