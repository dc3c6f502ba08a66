import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_SIGNATURE } from '../fakes/tiny-png.js';
import { ALICE, buttonsOf, CAROL, type DeskHarness, shown, startDesk, textOf } from './harness.js';

const EPHEMERAL = 64;

let d: DeskHarness;
beforeAll(async () => {
  d = await startDesk();
});
afterAll(() => d.close());

/** Runs a command and resolves with its acknowledgement type, its flags and the finished reply. */
async function answer(name: string, values: Record<string, unknown> = {}, user = ALICE) {
  const rec = d.run(name, values, user);
  const ack = await d.fake.ack(rec);
  const reply = await d.fake.reply(rec);
  return { ack, reply, text: textOf(reply) };
}

describe('market data commands answer in public', () => {
  it('/quote: deferred first, then last price, range, circuit band and depth', async () => {
    const { ack, reply, text } = await answer('quote', { instrument: 'INFY' });
    expect(ack.type).toBe(5);
    expect(ack.data.flags ?? 0).toBe(0);
    expect(text).toMatch(/^NSE:INFY-EQ: ₹[\d.]+/);
    expect(text).toMatch(/Circuit band: ₹[\d.]+ - ₹[\d.]+/);
    expect(text).toMatch(/Depth \(bids \| asks\): ₹/);
    expect(reply.allowed_mentions).toEqual({ parse: [] });
  });

  it('/candles: a PNG attachment shown in the embed, the one-line summary, and the renderer given the window', async () => {
    const { reply } = await answer('candles', {
      instrument: 'RELIANCE',
      interval: '15',
      from: '2026-11-19 09:15',
      to: '2026-11-19 15:30',
    });
    const files = Object.entries(reply.files ?? {});
    expect(files).toHaveLength(1);
    const [name, bytes] = files[0] as [string, Uint8Array];
    expect(name).toBe('NSE-RELIANCE-EQ-15.png');
    expect(Buffer.from(bytes.subarray(0, 8)).equals(PNG_SIGNATURE)).toBe(true);
    expect(reply.embeds[0]?.image).toMatchObject({ url: `attachment://${name}` });
    const drawn = d.charts.at(-1);
    expect(drawn?.interval).toBe('15');
    expect(drawn?.tickSize).toBe(0.05);
    expect(drawn?.lastPrice).toBeGreaterThan(0);
    expect(drawn?.candles.length).toBe(26); // 09:15 to 15:30 inclusive, every 15 minutes
    expect(drawn?.candles[0]?.time).toBe('2026-11-19T09:15:00+05:30');
    expect(shown(reply.content)).toMatch(
      /^NSE:RELIANCE-EQ 15 min bars 19 Nov 2026 09:15 – 15:30 IST \(26 bars\): open [\d.]+, high .* volume [\d,]+, last price [\d.]+$/,
    );
  });

  it('/candles: empty and one-candle windows are still drawn and summarised; a backwards window is refused privately', async () => {
    const { reply } = await answer('candles', {
      instrument: 'RELIANCE',
      from: '2026-11-22 10:00',
      to: '2026-11-22 12:00',
    });
    expect(d.charts.at(-1)?.candles).toEqual([]);
    expect(shown(reply.content)).toMatch(/^NSE:RELIANCE-EQ 5 min bars: no candles in this window/);
    const one = await answer('candles', {
      instrument: 'RELIANCE',
      interval: '15',
      from: '2026-11-19 10:15',
      to: '2026-11-19 10:20',
    });
    expect(d.charts.at(-1)?.candles.map((c) => c.time)).toEqual(['2026-11-19T10:15:00+05:30']);
    expect(shown(one.reply.content)).toMatch(/\(1 bar\): open/);
    const backwards = d.run('candles', { instrument: 'RELIANCE', from: '15:00', to: '10:00' });
    const refusal = await d.fake.ack(backwards);
    expect(refusal.type).toBe(4);
    expect(refusal.data.flags).toBe(EPHEMERAL);
    expect(String(refusal.data.content)).toMatch(
      /from is after to\.\nNext: give a window whose start comes before its end/,
    );
  });

  it('/security, /indices, /greeks and /span answer from the broker', async () => {
    expect((await answer('security', { instrument: 'RELIANCE' })).text).toMatch(
      /Tick size: 0\.05\nLot size: 1/,
    );
    expect((await answer('indices', {})).text).toMatch(/NIFTY 50: `NSE:26000`/);
    expect((await answer('indices', { query: 'bank' })).text).toMatch(
      /NSE indices matching "bank" \(\d\)\nNIFTY BANK/,
    );
    const option = d
      .catalog()
      .all()
      .find((i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY');
    const greeks = await answer('greeks', {
      expiry: option?.expiry,
      strike: option?.strike,
      spot: 25_000,
      volatility: 14,
    });
    expect(greeks.text).toMatch(/Call \(CE\): price [\d.]+\ndelta [\d.-]+/);
    const span = await answer('span', {
      instrument: `NFO:${option?.tradingSymbol}`,
      side: 'SELL',
      quantity: option?.lotSize,
    });
    expect(span.text).toMatch(/Span ₹[\d,.]+ \+ exposure ₹[\d,.]+ = \*\*₹[\d,.]+\*\*/);
  });
});

describe('account commands answer only the person who asked', () => {
  it('/limits, /holdings, /trades, /orders and /pending are ephemeral from the deferral on', async () => {
    for (const name of ['limits', 'holdings', 'trades', 'orders', 'pending']) {
      const { ack, reply } = await answer(name, {}, CAROL);
      expect([name, ack.type, ack.data.flags]).toEqual([name, 5, EPHEMERAL]);
      expect(reply.embeds.length).toBeGreaterThan(0);
    }
    expect((await answer('limits')).text).toMatch(/Available margin: ₹/);
  });

  it('/orders pages with buttons, /order-status follows an order by number and by ticket id', async () => {
    const legs = Array.from({ length: 10 }, () => ({
      instrument: 'NSE:ITC-EQ',
      side: 'BUY' as const,
      quantity: 1,
      priceType: 'MKT' as const,
      product: 'C' as const,
    }));
    const actor = { channel: 'discord', id: ALICE.id };
    const ids: string[] = [];
    for (let n = 0; n < 2; n++) {
      const t = await d.g.gate.preview({ kind: 'multi', orders: legs }, actor);
      await d.g.gate.approve(t.id, actor);
      ids.push(t.id);
    }
    const first = await answer('orders', { status: 'complete' });
    expect(first.text).toMatch(/Orders today: 0 open, 20 complete/);
    expect(first.text.match(/BUY 1 NSE:ITC-EQ filled 1 @ ₹/g)).toHaveLength(10);
    const next = buttonsOf(first.reply).find((b) => b.startsWith('page:orders:1'));
    expect(next).toBe('page:orders:1:complete');
    const click = d.fake.click(first.reply, next as string, { user: ALICE });
    expect((await d.fake.ack(click)).type).toBe(6);
    const second = await d.fake.waitFor(
      () => (/Page 2 of 2/.test(JSON.stringify(click.original?.components)) ? click.original : undefined),
      'page 2',
    );
    expect(textOf(second).match(/filled 1 @/g)).toHaveLength(10);

    const ticket = d.g.gate.get(ids[0] as string);
    const number = ticket?.legs[0]?.outcome?.orderNumber as string;
    const byNumber = await answer('order-status', { order_number: number });
    expect(byNumber.text).toMatch(
      new RegExp(`Order ${number}\\n\`${number}\` BUY 1 NSE:ITC-EQ filled 1 @ ₹[\\d.]+ \\*\\*COMPLETE\\*\\*`),
    );
    const byTicket = await answer('order-status', { ticket_id: (ids[1] as string).toLowerCase() });
    expect(byTicket.reply.embeds).toHaveLength(10);
    expect(byTicket.text).toContain(`Order ticket ${ids[1]}: filled`);
    const neither = await d.fake.ack(d.run('order-status', {}));
    expect(shown(String(neither.data.content))).toMatch(/give exactly one of order_number and ticket_id/);
  });
});

describe('autocomplete comes from the instrument catalogue', () => {
  it('completes instruments, option symbols, expiries and strikes, at most 25 each', async () => {
    const choices = async (name: string, values: Record<string, unknown>, focused: string) => {
      const rec = d.fake.autocomplete(name, values, focused, { user: ALICE });
      const ack = await d.fake.ack(rec);
      expect(ack.type).toBe(8);
      return (ack.data.choices ?? []) as Array<{ name: string; value: string | number }>;
    };
    expect((await choices('quote', { instrument: 'relia' }, 'instrument'))[0]).toEqual({
      name: 'NSE:RELIANCE-EQ · EQ',
      value: 'NSE:RELIANCE-EQ',
    });
    const symbols = await choices('straddle', { symbol: 'NIF' }, 'symbol');
    expect(symbols.map((c) => c.value)).toContain('NIFTY');
    const expiries = await choices('straddle', { symbol: 'NIFTY', expiry: '' }, 'expiry');
    expect(expiries.length).toBeGreaterThan(0);
    expect(String(expiries[0]?.value)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const strikes = await choices(
      'straddle',
      { symbol: 'NIFTY', expiry: expiries[0]?.value, strike: 25010 },
      'strike',
    );
    expect(strikes.length).toBeGreaterThan(0);
    expect(strikes.length).toBeLessThanOrEqual(25);
    expect(strikes.every((c) => typeof c.value === 'number')).toBe(true);
    expect(strikes.map((c) => c.value)).toContain(25_000);
    const contracts = await choices('span', { instrument: 'NIFTY' }, 'instrument');
    expect(contracts.every((c) => String(c.value).startsWith('NFO:NIFTY'))).toBe(true);
  });
});
