import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import * as wire from '../../../src/core/wire/index.js';
import { FRIDAY_10AM } from '../../helpers/sim.js';
import { type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

const stateFile = async (): Promise<string> =>
  join(await mkdtemp(join(tmpdir(), 'omsdesk-orders-')), 'state.json');

describe('--state persistence of orders', () => {
  it('keeps orders, reports, trades, positions, funds and the order sequence across a restart', async () => {
    const statePath = await stateFile();
    o = await orderHarness({ statePath });
    const done = await o.place({ quantity: '30', product: 'I', remarks: 'filled' });
    const resting = await o.place({
      priceType: 'LMT',
      price: '1550.00',
      quantity: '5',
      product: 'I',
      remarks: 'rest',
    });
    const history = { done: await o.historyV2(done), resting: await o.historyV2(resting) };
    const book = (await o.call('/apiV2/orderBook')).json;
    const trades = (await o.call('/api/tradeBook', { actid: 'SIM001' })).json;
    const limits = await o.limits();
    await o.close();
    const saved = JSON.parse(await readFile(statePath, 'utf8')) as {
      version: number;
      orders: { orders: unknown[] };
    };
    expect(saved.version).toBe(1);
    expect(saved.orders.orders).toHaveLength(2);

    o = await orderHarness({ statePath, start: FRIDAY_10AM });
    expect(await o.historyV2(done)).toEqual(history.done);
    expect(await o.historyV2(resting)).toEqual(history.resting);
    expect((await o.call('/apiV2/orderBook')).json).toEqual(book);
    expect((await o.call('/api/tradeBook', { actid: 'SIM001' })).json).toEqual(trades);
    expect(await o.limits()).toEqual(limits);
    expect(await o.place()).toBe('26112000000003');
    // The resting order keeps working after the restart.
    await o.movePrice('NSE', 'INFY-EQ', 1540);
    await o.advance(30_000);
    expect((await o.latest(resting)).status).toBe('COMPLETE');
  });

  it('still reads a version-1 file written before orders existed', async () => {
    const statePath = await stateFile();
    const ledger = { cash: 5000, payin: 0, collateral: 0, brokerCollateral: 0, marginUsed: 0, peakMargin: 0 };
    const old = {
      version: 1,
      savedAt: FRIDAY_10AM,
      accounts: [
        {
          userId: 'SIM001',
          ledger: { ...ledger, span: 0, exposure: 0, premium: 0 },
          holdings: [{ symbol: 'INFY', quantity: 7, averagePrice: 1400, btst: 0, used: 0, sellAmount: 0 }],
        },
      ],
      sessions: [],
    };
    await writeFile(statePath, JSON.stringify(old));
    o = await orderHarness({ statePath });
    expect((await o.limits()).cash).toBe(5000);
    const holdings = wire.holdingsSuccess.parse((await o.call('/apiV2/holdings')).json).data;
    expect(holdings.map((h) => h.holdQuantity)).toEqual(['7']);
    expect(await o.place({ quantity: '1' })).toBe('26112000000001');
  });
});
