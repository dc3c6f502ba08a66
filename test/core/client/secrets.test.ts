import { afterEach, describe, expect, it } from 'vitest';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { CREDENTIALS, mockBroker, rejection, SESSION_KEY } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

const SECRETS = [
  CREDENTIALS.password,
  CREDENTIALS.apiKey,
  CREDENTIALS.totpSecret,
  CREDENTIALS.dobOrPan,
  SESSION_KEY,
];

/** Everything an error could show: message, stack, own fields, and the same for its whole cause chain. */
function dump(error: unknown, depth = 0): string {
  if (!(error instanceof Error) || depth > 6) return JSON.stringify(error) ?? String(error);
  const own = JSON.stringify(
    error,
    Object.getOwnPropertyNames(error).filter((k) => k !== 'cause'),
  );
  return [error.message, error.stack ?? '', own, dump(error.cause, depth + 1)].join('\n');
}

function expectNoSecret(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

describe('secrets', () => {
  it('never show in an error even when the broker echoes them back', async () => {
    broker = mockBroker();
    broker.on('/apiV2/login', {
      body: {
        Status: 'Failed',
        data: `Invalid Input : Wrong Password ${CREDENTIALS.password} for key ${CREDENTIALS.apiKey}`,
      },
    });
    const error = await rejection(broker.client.login());
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expectNoSecret(dump(error));
    expect(dump(error)).toContain('[redacted]');
  });

  it('never show in an error whose cause is a network error quoting them', async () => {
    broker = mockBroker({ retry: { attempts: 1 } });
    broker.loginOk();
    broker.pool
      .intercept({ path: '/apiV2/holdings', method: 'POST' })
      .replyWithError(Object.assign(new Error(`socket hang up jKey=${SESSION_KEY}`), { code: 'ECONNRESET' }));
    const error = await rejection(broker.client.getHoldings());
    expect(error).toMatchObject({ code: 'NETWORK' });
    expectNoSecret(dump(error));
  });

  it('never show in the session-failure text the broker returns', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    const failure = { Status: 'Failed', data: `Session Expired : Invalid Session Key ${SESSION_KEY}` };
    broker.on('/apiV2/orderBook', { body: failure });
    broker.on('/apiV2/orderBook', { body: failure });
    const error = await rejection(broker.client.getOrderBook());
    expect(error).toMatchObject({ code: 'SESSION_EXPIRED' });
    expectNoSecret(dump(error));
  });

  it('never show in raw payloads, even in a field with an innocent name', async () => {
    broker = mockBroker();
    broker.loginOk();
    const body = wireCase('quote', 'success') as { data: Record<string, string> };
    body.data.company = `echo ${SESSION_KEY}`;
    broker.on('/apiV2/getQuotes', { body });
    const quote = await broker.client.getQuote({ exchange: 'NSE', token: '2885' });
    expectNoSecret(JSON.stringify(quote));
  });

  it('never show in the entries of a list, nor in their own raw copies', async () => {
    broker = mockBroker();
    broker.loginOk();
    const book = wireCase('order-book', 'success') as { data: Array<Record<string, string>> };
    (book.data[0] as Record<string, string>).remarks = `od-abc12345 ${SESSION_KEY}`;
    (book.data[1] as Record<string, string>).jKey = 'a field that should never be there';
    broker.on('/apiV2/orderBook', { body: book });
    const orders = await broker.client.getOrderBook();
    expect(orders).toHaveLength(book.data.length);
    expectNoSecret(JSON.stringify(orders));
    expect(JSON.stringify(orders)).not.toContain('a field that should never be there');
    expect(orders[0]?.remarks).toBe('od-abc12345 [redacted]');
  });

  it('never show in any log line of a full session: login, reads, expiry, placement, failure', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.onCase('/apiV2/getQuotes', 'quote', 'success');
    broker.onCase('/apiV2/orderBook', 'order-book', 'failure.session');
    broker.onCase('/apiV2/orderBook', 'order-book', 'success');
    broker.onCase('/apiV2/placeOrder', 'place-order', 'v2.failure');
    broker.on('/apiV2/getQuotes', { status: 503, body: `down; key ${CREDENTIALS.apiKey}` });
    broker.on('/apiV2/getQuotes', { status: 503, body: 'down' });
    broker.on('/apiV2/getQuotes', { status: 503, body: 'down' });
    await broker.client.getQuote({ exchange: 'NSE', token: '2885' });
    await broker.client.getOrderBook();
    await rejection(
      broker.client.placeOrder({
        exchange: 'NSE',
        tradingSymbol: 'X-EQ',
        side: 'BUY',
        quantity: 1,
        priceType: 'MKT',
        product: 'C',
        remarks: `note ${CREDENTIALS.password}`,
      }),
    );
    const error = await rejection(broker.client.getQuote({ exchange: 'NSE', token: '2885' }));
    expect(broker.logs.length).toBeGreaterThan(5);
    expectNoSecret(JSON.stringify(broker.logs));
    expectNoSecret(dump(error));
  });

  it('never show when the TOTP secret is malformed', async () => {
    const bad = 'not*base32*secret!!';
    broker = mockBroker({ credentials: { ...CREDENTIALS, totpSecret: bad } });
    const error = await rejection(broker.client.login());
    expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(dump(error)).not.toContain(bad);
    expect(broker.seen).toHaveLength(0);
  });
});
