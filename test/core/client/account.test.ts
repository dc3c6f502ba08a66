import { afterEach, describe, expect, it } from 'vitest';
import { BrokerError, createMemorySessionStore } from '../../../src/core/client/index.js';
import { totpCode } from '../../../src/core/session/login.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { CREDENTIALS, mockBroker, rejection, SESSION_KEY } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

describe('login', () => {
  it('logs in on /apiV2/login with a TOTP code generated from the secret at the clock time', async () => {
    broker = mockBroker();
    broker.loginOk();
    const info = await broker.client.login();
    expect(info).toMatchObject({
      userId: 'SIM001',
      accountId: 'SIM001',
      userName: 'SIM DEMO',
      generation: 'v2',
    });
    const body = broker.to('/apiV2/login')[0]?.body;
    expect(body).toEqual({
      userId: 'SIM001',
      password: CREDENTIALS.password,
      TOTP: totpCode(CREDENTIALS.totpSecret, broker.clock.now()),
      apiKey: CREDENTIALS.apiKey,
      vendorCode: 'SIM001_U',
    });
    expect(body?.TOTP).toMatch(/^\d{6}$/);
  });

  it('logs in on /api/login with DOBnPAN in the first generation', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.success');
    const info = await broker.client.login();
    expect(info).toMatchObject({
      accountId: 'SIM001',
      exchanges: ['NSE', 'NFO', 'BSE', 'NIPO'],
      generation: 'v1',
    });
    expect(info.orderTypes).toEqual(['LMT', 'MKT', 'SL-LMT', 'SL-MKT']);
    expect(broker.to('/api/login')[0]?.body).toMatchObject({ DOBnPAN: CREDENTIALS.dobOrPan });
  });

  it('never exposes the session key, not even in raw', async () => {
    broker = mockBroker();
    broker.loginOk();
    const info = await broker.client.login();
    expect(JSON.stringify(info)).not.toContain(SESSION_KEY);
    expect((info.raw as { data: { susertoken: string } }).data.susertoken).toBe('[redacted]');
  });

  it('maps login refusals of both generations to INVALID_CREDENTIALS with the broker text', async () => {
    broker = mockBroker({ generation: 'v1' });
    broker.onCase('/api/login', 'login', 'v1.failure');
    expect(await rejection(broker.client.login())).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      brokerText: 'Invalid Input : Wrong Password',
    });
    await broker.close();
    broker = mockBroker();
    broker.onCase('/apiV2/login', 'login', 'v2.failure.lowercase');
    expect(await rejection(broker.client.login())).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      brokerText: 'Invalid Input : Invalid OTP',
    });
  });

  it('shares one login among concurrent calls that find no session', async () => {
    broker = mockBroker();
    broker.loginOk();
    for (let i = 0; i < 3; i += 1) broker.onCase('/apiV2/holdings', 'holdings', 'success');
    await Promise.all([
      broker.client.getHoldings(),
      broker.client.getHoldings(),
      broker.client.getHoldings(),
    ]);
    expect(broker.to('/apiV2/login')).toHaveLength(1);
    expect(broker.to('/apiV2/holdings').map((r) => r.body.jKey)).toEqual([
      SESSION_KEY,
      SESSION_KEY,
      SESSION_KEY,
    ]);
  });

  it('uses a session from an injected store without logging in', async () => {
    const store = createMemorySessionStore();
    await store.set({
      key: 'stored-session-key-123',
      userId: 'SIM001',
      accountId: 'SIM001',
      userName: 'SIM DEMO',
      email: undefined,
      exchanges: [],
      orderTypes: [],
      generation: 'v2',
      createdAt: 0,
    });
    broker = mockBroker({ sessionStore: store });
    broker.onCase('/apiV2/holdings', 'holdings', 'success');
    await broker.client.getHoldings();
    expect(broker.to('/apiV2/login')).toHaveLength(0);
    expect(broker.to('/apiV2/holdings')[0]?.body.jKey).toBe('stored-session-key-123');
  });

  it('refuses incomplete credentials when the client is created', () => {
    expect(() =>
      mockBroker({ credentials: { ...CREDENTIALS, totpSecret: undefined as unknown as string } }),
    ).toThrow(BrokerError);
  });
});

describe('getLimits', () => {
  it('reads V3 and V4 limits and computes available = cash + payin + collateral - marginused exactly', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/V3/limit', 'limits', 'v3.success');
    broker.onCase('/api/V4/limit', 'limits', 'v4.success');
    const v3 = await broker.client.getLimits();
    const v4 = await broker.client.getLimits({ version: 'V4' });
    expect(v3).toMatchObject({ version: 'V3', cash: 500000, marginUsed: 24500.5, available: 475499.5 });
    expect(v4).toMatchObject({ version: 'V4', cash: -1250.75, available: -1250.75 });
  });

  it('reads INVALID_JKEY (V3 Failed, V4 failed) as a session failure and logs in again once', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.onCase('/api/V4/limit', 'limits', 'v4.failure');
    broker.onCase('/api/V4/limit', 'limits', 'v3.failure');
    const error = await rejection(broker.client.getLimits({ version: 'V4' }));
    expect(error).toMatchObject({
      code: 'SESSION_EXPIRED',
      brokerText: 'INVALID_JKEY: jKey parameter is invalid',
    });
    expect(broker.to('/apiV2/login')).toHaveLength(2);
  });
});

describe('calculateSpan', () => {
  it('sends the configured account id as actid when it differs from the login user', async () => {
    broker = mockBroker({ credentials: { ...CREDENTIALS, accountId: 'FAMILY01' } });
    broker.loginOk();
    broker.onCase('/api/spanCalculators', 'span', 'success');
    await broker.client.calculateSpan({
      positions: [{ kind: 'FUTIDX', symbolName: 'NIFTY', expiry: '24-NOV-2026', buyQuantity: 75 }],
    });
    expect(broker.to('/api/spanCalculators')[0]?.body).toMatchObject({ actid: 'FAMILY01', userId: 'SIM001' });
  });

  it('sends positions in pos with the account id and returns span, exposure and their total', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/spanCalculators', 'span', 'success');
    const margin = await broker.client.calculateSpan({
      positions: [
        {
          kind: 'OPTIDX',
          symbolName: 'NIFTY',
          expiry: '24-NOV-2026',
          optionType: 'CE',
          strikePrice: 24000,
          sellQuantity: 75,
        },
      ],
    });
    expect(margin).toMatchObject({ span: 126450, exposure: 36225, spanWithPositions: 126450, total: 162675 });
    expect(broker.to('/api/spanCalculators')[0]?.body).toMatchObject({
      actid: 'SIM001',
      product: 'M',
      pos: [
        {
          exchange: 'NFO',
          instname: 'OPTIDX',
          symbolName: 'NIFTY',
          expd: '24-NOV-2026',
          optt: 'CE',
          strikePrice: '24000',
          buyQuantity: '0',
          sellQuantity: '75',
          netQuantity: '-75',
        },
      ],
    });
  });

  it('maps "invalid input" to INVALID_INPUT', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/spanCalculators', 'span', 'failure');
    const error = await rejection(
      broker.client.calculateSpan({
        positions: [{ kind: 'FUTIDX', symbolName: 'NIFTY', expiry: '24NOV26', buyQuantity: 75 }],
      }),
    );
    expect(error).toMatchObject({ code: 'INVALID_INPUT', brokerText: 'Error Occurred : 2 "invalid input"' });
  });
});

describe('getHoldings', () => {
  it('returns quantities as numbers with both listings', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/holdings', 'holdings', 'success');
    const [holding] = await broker.client.getHoldings();
    expect(holding).toMatchObject({ quantity: 40, dpQuantity: 40, haircut: 0.2, uploadPrice: 1420 });
    expect(holding?.listings.map((l) => `${l.exchange}:${l.tradingSymbol}:${l.token}`)).toEqual([
      'NSE:INFY-EQ:1594',
      'BSE:INFY:500209',
    ]);
  });

  it('reads "no data" as no holdings', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/holdings', { body: { Status: 'Failed', data: 'Error Occurred : 5 "no data"' } });
    expect(await broker.client.getHoldings()).toEqual([]);
  });

  it('keeps the raw wire entry on each holding', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/apiV2/holdings', 'holdings', 'success');
    const [holding] = await broker.client.getHoldings();
    expect(holding?.raw).toEqual((wireCase('holdings', 'success') as { data: unknown[] }).data[0]);
  });
});
