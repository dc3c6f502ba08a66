import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as wire from '../../../src/core/wire/index.js';
import { istDayStart } from '../../../src/sim/format.js';
import { type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

/** A request whose head and all but the last byte of its body are sent; `finish` sends the rest and reads the answer. */
interface HeldRequest {
  finish(): Promise<unknown>;
}

function hold(url: string, path: string, body: unknown): HeldRequest {
  const { hostname, port } = new URL(url);
  const text = JSON.stringify(body);
  const socket: Socket = connect(Number(port), hostname);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: sim\r\nContent-Type: application/json\r\nConnection: close\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text.slice(0, -1)}`,
  );
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => socket.on('end', resolve));
  return {
    async finish() {
      socket.end(text.slice(-1));
      await ended;
      const answer = Buffer.concat(chunks).toString('utf8');
      return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
    },
  };
}

/** The paper broker's own count of the requests it has received (this one included). */
async function received(h: OrderHarness): Promise<number> {
  return ((await h.h.post('/_sim/stats', undefined, { method: 'GET' })).json as { requests: number })
    .requests;
}

describe('orders that straddle the moment the clock passes the close', () => {
  it('end final: a placement that arrived before the move, answered after it, is cancelled at the close', async () => {
    o = await orderHarness();
    const h = o;
    const last = Number((await h.quote('NSE', '1594')).lastTradedPrice);
    const before = await received(h);
    // Both requests arrive (and take their time) before the clock moves; their bodies complete after.
    const placement = hold(h.h.sim.url, '/apiV2/placeOrder', {
      ...h.session,
      exchange: 'NSE',
      tradingSymbol: 'INFY-EQ',
      quantity: '1',
      price: (Math.round(last * 0.98 * 20) / 20).toFixed(2),
      product: 'I',
      transactionType: 'B',
      priceType: 'LMT',
      retention: 'DAY',
      remarks: 'straddles',
    });
    const read = hold(h.h.sim.url, '/apiV2/orderBook', h.session);
    let polls = 0;
    await expect
      .poll(async () => {
        polls += 1;
        return (await received(h)) - before - polls;
      })
      .toBe(2);
    const close = istDayStart(h.h.clock.now()) + 86_400_000;
    await h.advance(close + 1_000 - h.h.clock.now());
    const placed = (await placement.finish()) as { data: { orderNumber: string } };
    await read.finish();
    // The day's key ended with the day: a new session reads the order's history.
    const jKey = await h.h.loginV2();
    const history = await h.h.post('/apiV2/singleOrderHistory', {
      userId: h.session.userId,
      jKey,
      orderNumber: placed.data.orderNumber,
    });
    const latest = wire.orderHistoryV2Success.parse(history.json).data[0];
    expect(latest).toMatchObject({ status: 'CANCELED', cancelQuantity: '1', reportType: 'Canceled' });
  });
});
