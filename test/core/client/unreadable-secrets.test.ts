import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrokerClient } from '../../../src/core/client/index.js';
import type { LogFields } from '../../../src/core/logger.js';
import { CREDENTIALS, mockBroker, rejection } from '../support/broker.js';
import { FakeClock } from '../support/fake-clock.js';

/** A session key only the broker's unreadable answer ever carried. */
const TOKEN = 'c0ffee5e55104b7e1d2a9f3344d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8091a2b3c';

/** Everything an error could show: message, stack, own fields as JSON, and the same down its cause chain. */
function dump(error: unknown, depth = 0): string {
  if (!(error instanceof Error) || depth > 6) return JSON.stringify(error) ?? String(error);
  const own = JSON.stringify(error, Object.getOwnPropertyNames(error));
  return [String(error), error.stack ?? '', own, JSON.stringify(error), dump(error.cause, depth + 1)].join(
    '\n',
  );
}

let broker: ReturnType<typeof mockBroker> | undefined;
let server: Server | undefined;
afterEach(async () => {
  await broker?.close();
  broker = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

describe('a session key in an answer the client cannot parse', () => {
  it.each([
    [
      'cut off mid-body',
      `{"Status":"Success","data":{"actid":"SIM001","susertoken":"${TOKEN}","userName":"SIM`,
    ],
    ['with a stray comma', `{"Status":"Success","data":{"susertoken":"${TOKEN}",}}`],
    ['as form text', `Status=Success&susertoken=${TOKEN}&actid=SIM001`],
  ])('appears nowhere when a login answer comes %s', async (_, text) => {
    broker = mockBroker();
    broker.on('/apiV2/login', { body: text });
    const error = await rejection(broker.client.login());
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(dump(error)).not.toContain(TOKEN);
    expect(JSON.stringify(broker.logs)).not.toContain(TOKEN);
    expect((error as Error).message).toContain('withheld');
  });

  it('appears nowhere after a login answered by an outage page quoting it, retried and given up', async () => {
    broker = mockBroker();
    for (let i = 0; i < 3; i += 1) {
      broker.on('/apiV2/login', { status: 502, body: `<html>upstream said "susertoken": "${TOKEN}"</html>` });
    }
    const error = await rejection(broker.client.login());
    expect(error).toMatchObject({ code: 'BROKER_UNAVAILABLE' });
    expect(dump(error)).not.toContain(TOKEN);
    expect(JSON.stringify(broker.logs)).not.toContain(TOKEN);
  });

  it('is redacted from what another call reports of an unreadable answer', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.on('/apiV2/getQuotes', { body: `<html>session {"jKey":"${TOKEN}"} not valid</html>` });
    const error = await rejection(broker.client.getQuote({ exchange: 'NSE', token: '2885' }));
    expect(error).toMatchObject({ code: 'INVALID_RESPONSE' });
    expect(dump(error)).not.toContain(TOKEN);
    expect(dump(error)).toContain('[redacted]');
  });

  it('appears nowhere when a real HTTP server on 127.0.0.1 answers the login with broken JSON', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`{"Status":"Success","data":{"susertoken":"${TOKEN}","actid":"SIM001"`);
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const lines: Array<{ message: string; fields?: LogFields }> = [];
    const log = (message: string, fields?: LogFields) =>
      void lines.push({ message, ...(fields ? { fields } : {}) });
    const client = createBrokerClient({
      baseUrl: `http://127.0.0.1:${port}`,
      credentials: CREDENTIALS,
      clock: new FakeClock(),
      logger: { debug: log, info: log, warn: log, error: log },
    });
    try {
      const error = await rejection(client.login());
      expect(error).toMatchObject({ code: 'INVALID_RESPONSE', httpStatus: 200 });
      expect(dump(error)).not.toContain(TOKEN);
      expect(JSON.stringify(lines)).not.toContain(TOKEN);
    } finally {
      await client.close();
    }
  });
});
