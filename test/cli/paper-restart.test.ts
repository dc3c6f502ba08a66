import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Runtime, startRuntime } from '../../src/cli/runtime.js';
import { loadConfig } from '../../src/core/config/index.js';
import { silentLogger } from '../../src/core/logger.js';

let dataDir: string;
let runtime: Runtime | undefined;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-paper-restart-'));
});
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

function start(): Promise<Runtime> {
  const config = loadConfig({
    env: { OMSDESK_DATA_DIR: dataDir, OMSDESK_AUDIT_KEY_FILE: join(dataDir, 'keys', 'audit.key') },
  });
  return startRuntime(config, silentLogger, 'test');
}

const order = {
  exchange: 'NSE',
  token: '2885',
  tradingSymbol: 'RELIANCE-EQ',
  side: 'BUY',
  quantity: 1,
  priceType: 'MKT',
  product: 'C',
} as const;

describe('the embedded paper broker across a restart of omsdesk', () => {
  it('keeps the account and its orders in the data dir: the book survives and order numbers are never reused', async () => {
    runtime = await start();
    const first = await runtime.client.placeOrder(order);
    await runtime.close();
    runtime = await start();
    const book = await runtime.client.getOrderBook();
    expect(book.map((o) => o.orderNumber)).toContain(first.orderNumber);
    const second = await runtime.client.placeOrder(order);
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect(Number(second.orderNumber.slice(6))).toBeGreaterThan(Number(first.orderNumber.slice(6)));
  });
});
