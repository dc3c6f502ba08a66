import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiscordAPIError, HTTPError } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseRejection } from '../../src/core/domain/rejection.js';
import { fromIst } from '../../src/core/time/ist.js';
import type { WatchedOrder } from '../../src/core/watcher/index.js';
import { nonceOf } from '../../src/discord/monitor/channel-posts.js';
import { deliveryFailure, UnsendableMessage } from '../../src/discord/monitor/delivery-errors.js';
import { renderOrderMessage } from '../../src/discord/monitor/order-message.js';
import { Outbox } from '../../src/discord/monitor/outbox.js';
import { orderNonce } from '../../src/discord/monitor/sender.js';
import { dueDay, nextClose, previousTradingDay } from '../../src/discord/monitor/summary-schedule.js';
import { LIMITS } from '../../src/discord/text/limits.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-outbox-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An order as the watcher sees it, on 20 Nov 2026 unless `day` says otherwise. */
function order(n: number, fields: Partial<WatchedOrder> = {}, day = '2026-11-20'): WatchedOrder {
  return {
    orderNumber: `261120${String(n).padStart(8, '0')}`,
    exchange: 'NSE',
    tradingSymbol: 'SBIN-EQ',
    side: 'BUY',
    quantity: 1,
    status: 'OPEN',
    statusText: 'OPEN',
    filledQuantity: 0,
    source: { kind: 'outside' },
    placedAt: `${day}T10:00:00+05:30`,
    firstSeenAt: `${day}T10:00:01+05:30`,
    ...fields,
  };
}

const AT = '2026-11-20T10:00:02+05:30';

describe('when the day summary is due', () => {
  const friday = (h: number, m: number) => fromIst(2026, 11, 20, h, m);

  it('is due from 15:30 IST on a trading day, not before, and never on a weekend or a holiday', () => {
    expect(dueDay(friday(15, 29), [])).toBeUndefined();
    expect(dueDay(friday(15, 30), [])).toBe('2026-11-20');
    expect(dueDay(friday(23, 59), [])).toBe('2026-11-20');
    expect(dueDay(fromIst(2026, 11, 21, 16, 0), [])).toBeUndefined();
    expect(dueDay(friday(16, 0), ['2026-11-20'])).toBeUndefined();
  });

  it('comes next at the following trading day close, skipping the weekend and holidays', () => {
    expect(nextClose(friday(10, 0), [])).toBe(friday(15, 30));
    expect(nextClose(friday(15, 31), [])).toBe(fromIst(2026, 11, 23, 15, 30));
    expect(nextClose(friday(15, 31), ['2026-11-23'])).toBe(fromIst(2026, 11, 24, 15, 30));
  });

  it('knows the trading day before any day, for a summary no process saw the close of', () => {
    expect(previousTradingDay(fromIst(2026, 11, 23, 9, 0), [])).toBe('2026-11-20');
    expect(previousTradingDay(fromIst(2026, 11, 21, 9, 0), [])).toBe('2026-11-20');
    expect(previousTradingDay(fromIst(2026, 11, 24, 0, 5), ['2026-11-23'])).toBe('2026-11-20');
    expect(previousTradingDay(friday(16, 0), [])).toBe('2026-11-19');
  });
});

describe("the outbox's record of a day", () => {
  it('gives the latest state of the orders of one day, for a summary composed afterwards', async () => {
    const { outbox } = await Outbox.open(join(dir, 'outbox.json'));
    outbox.record(order(1), AT);
    outbox.record(order(1, { status: 'COMPLETE', filledQuantity: 1, averagePrice: 800 }), AT);
    outbox.record(order(2, {}, '2026-11-19'), AT);
    expect(outbox.ordersOf('2026-11-20').map((o) => [o.orderNumber, o.status])).toEqual([
      ['26112000000001', 'COMPLETE'],
    ]);
    expect(outbox.ordersOf('2026-11-18')).toEqual([]);
  });
});

describe('the outbox', () => {
  it('keeps every change across a burst of saves, atomically, and loads them back behind', async () => {
    const path = join(dir, 'discord-monitor.json');
    const { outbox, fresh } = await Outbox.open(path);
    expect(fresh).toBe(true);
    const saves: Promise<void>[] = [];
    for (let n = 1; n <= 50; n += 1) {
      outbox.record(order(n), AT, n);
      saves.push(outbox.persist());
    }
    await Promise.all(saves);
    expect(await readdir(dir)).toEqual(['discord-monitor.json']);
    const reopened = await Outbox.open(path);
    expect(reopened.fresh).toBe(false);
    expect(reopened.outbox.lastSeq).toBe(50);
    expect(reopened.outbox.backlog).toBe(50);
    expect(reopened.outbox.savedUnposted()).toHaveLength(50);
  });

  it('queues an edit only when what the message shows changes', async () => {
    const { outbox } = await Outbox.open(join(dir, 'discord-monitor.json'));
    outbox.record(order(1), AT, 1);
    outbox.shown(order(1).orderNumber, 1, '1300000000000000001');
    outbox.record(order(1, { firstSeenAt: '2026-11-20T10:00:05+05:30' }), AT, 2);
    expect(outbox.next()).toBeUndefined();
    outbox.record(order(1, { status: 'COMPLETE', statusText: 'COMPLETE', filledQuantity: 1 }), AT, 3);
    expect(outbox.next()).toMatchObject({ kind: 'order', revision: 2 });
    expect(outbox.lastSeq).toBe(3);
  });

  it("lets go of an earlier day's orders once their messages are up to date, and keeps those still to send", async () => {
    const { outbox } = await Outbox.open(join(dir, 'discord-monitor.json'));
    outbox.record(order(1), AT);
    outbox.record(order(2), AT);
    outbox.shown(order(1).orderNumber, 1, '1300000000000000001');
    outbox.record(order(3, {}, '2026-11-23'), '2026-11-23T10:00:00+05:30');
    expect(outbox.order(order(1).orderNumber)).toBeUndefined();
    expect(outbox.order(order(2).orderNumber)).toBeDefined();
    expect(outbox.backlog).toBe(2);
  });

  it('moves an unreadable file aside instead of overwriting it, and starts afresh', async () => {
    const path = join(dir, 'discord-monitor.json');
    await writeFile(path, '{"version":1,"lastSeq":');
    const { outbox, fresh, setAside } = await Outbox.open(path);
    expect(fresh).toBe(true);
    expect(setAside).toBe(`${path}.unreadable`);
    expect(await readFile(`${path}.unreadable`, 'utf8')).toBe('{"version":1,"lastSeq":');
    expect(outbox.backlog).toBe(0);
  });
});

describe('an order message', () => {
  it("stays inside Discord's embed limits and shows hostile broker text inert, marked as data", () => {
    const text = `RED:@everyone <@123> **bold** ${'x'.repeat(5_000)}`;
    const body = renderOrderMessage(
      {
        order: order(1, {
          status: 'REJECTED',
          statusText: 'REJECTED',
          tradingSymbol: '*EVIL*_`SYM`',
          rejection: parseRejection(text),
        }),
        changedAt: AT,
      },
      { kind: 'outside' },
    );
    const embed = body.embeds?.[0];
    const fields = embed?.fields ?? [];
    const size =
      (embed?.title?.length ?? 0) +
      (embed?.footer?.text.length ?? 0) +
      fields.reduce((sum, f) => sum + f.name.length + f.value.length, 0);
    expect(size).toBeLessThanOrEqual(LIMITS.total);
    for (const f of fields) expect(f.value.length).toBeLessThanOrEqual(LIMITS.fieldValue);
    const reason = fields.find((f) => f.name === 'Reason')?.value ?? '';
    expect(reason).toMatch(/^⟦RED:\\@everyone \\<\\@123\\> \\\*\\\*bold\\\*\\\* x+…⟧$/);
    expect(embed?.title).toBe('BUY 1 NSE:\\*EVIL\\*\\_\\`SYM\\` · REJECTED');
  });
});

describe("an order message's link", () => {
  const page = (id: string) => `https://desk.example.test/tickets/${id}`;
  it("links the web desk's page of the ticket that placed the order, and nothing for an order from outside", () => {
    const entry = { order: order(1), changedAt: AT };
    const byTicket = renderOrderMessage(entry, { kind: 'ticket', ticketId: 'T7K2M9X4Q' }, page);
    expect(byTicket.embeds?.[0]?.url).toBe('https://desk.example.test/tickets/T7K2M9X4Q');
    expect(renderOrderMessage(entry, { kind: 'outside' }, page).embeds?.[0]?.url).toBeUndefined();
    expect(
      renderOrderMessage(entry, { kind: 'ticket', ticketId: 'T7K2M9X4Q' }).embeds?.[0]?.url,
    ).toBeUndefined();
  });
});

describe('posting exactly once', () => {
  it("gives each order a nonce within Discord's 25 characters, the same for every try, new after a deleted message", () => {
    const entry = { orderNumber: '26112000000001', reposts: 0 } as never;
    expect(orderNonce(entry)).toBe('o26112000000001');
    expect(orderNonce({ orderNumber: '26112000000001', reposts: 1 } as never)).toBe('o26112000000001r1');
    const long = nonceOf(`o${'9'.repeat(40)}`);
    expect(long).toHaveLength(25);
    expect(nonceOf(`o${'9'.repeat(40)}`)).toBe(long);
  });

  it('retries outages, reposts a deleted message, and gives up only on a body Discord will never take', () => {
    const api = (status: number, code: number) =>
      new DiscordAPIError({ code, message: 'x' }, code, status, 'POST', '/channels/1/messages', {});
    expect(deliveryFailure(new HTTPError(503, 'Service Unavailable', 'POST', '/x', {}))).toBe('retry');
    expect(deliveryFailure(new TypeError('fetch failed'))).toBe('retry');
    expect(deliveryFailure(api(403, 50013))).toBe('retry');
    expect(deliveryFailure(api(404, 10008))).toBe('gone');
    expect(deliveryFailure(api(400, 50035))).toBe('refused');
    expect(deliveryFailure(new UnsendableMessage('no title'))).toBe('refused');
  });
});
