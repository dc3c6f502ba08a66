import { afterEach, describe, expect, it } from 'vitest';
import { type BrokerErrorCode, isBrokerError } from '../../../src/core/errors.js';
import { clientOnSim } from './client-harness.js';

let env: Awaited<ReturnType<typeof clientOnSim>> | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const quote = { exchange: 'NSE' as const, token: '2885' };

async function arm(
  fault: unknown,
  count: number | 'always' = 1,
  paths = ['/apiV2/getQuotes'],
): Promise<void> {
  const answer = await env?.h.post('/_sim/faults', { fault, count, paths });
  expect(answer?.status).toBe(200);
}

async function codeOf(promise: Promise<unknown>): Promise<BrokerErrorCode | undefined> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  return isBrokerError(error) ? error.code : undefined;
}

describe('the client against injected faults', () => {
  it('logs in again once when every session expires, and the read succeeds', async () => {
    env = await clientOnSim();
    await env.client.getQuote(quote);
    await env.h.post('/_sim/sessions/expire', {});
    expect((await env.client.getQuote(quote)).tradingSymbol).toBe('RELIANCE-EQ');
    expect(env.log.lines.filter((l) => l.message.includes('logging in again'))).toHaveLength(1);
  });

  it.each([
    ['a 5xx', { kind: 'error', status: 502 }],
    ['a dropped connection', { kind: 'drop' }],
    ['a plain-text rate-limit body', { kind: 'rateLimitText' }],
  ])('retries a read after %s and succeeds', async (_, fault) => {
    env = await clientOnSim();
    await env.client.login();
    await arm(fault, 2);
    expect((await env.client.getQuote(quote)).tradingSymbol).toBe('RELIANCE-EQ');
    expect(env.log.lines.filter((l) => l.message === 'retrying read')).toHaveLength(2);
  });

  it.each([
    [{ kind: 'error', status: 503 }, 'BROKER_UNAVAILABLE'],
    [{ kind: 'drop' }, 'NETWORK'],
    [{ kind: 'rateLimitText' }, 'RATE_LIMITED'],
  ] as const)('gives up after the retry budget on a persistent %o with %s', async (fault, code) => {
    env = await clientOnSim();
    await env.client.login();
    await arm(fault, 'always');
    expect(await codeOf(env.client.getQuote(quote))).toBe(code);
    expect(env.log.lines.filter((l) => l.message === 'retrying read')).toHaveLength(2);
  });

  it('reports malformed JSON as INVALID_RESPONSE', async () => {
    env = await clientOnSim();
    await env.client.login();
    await arm({ kind: 'malformed' });
    expect(await codeOf(env.client.getQuote(quote))).toBe('INVALID_RESPONSE');
  });

  it('reports a stalled answer as TIMEOUT after retrying', async () => {
    env = await clientOnSim({ timeouts: { headersMs: 200, requestMs: 300 } });
    await env.client.login();
    await arm({ kind: 'stall' }, 'always');
    expect(await codeOf(env.client.getQuote(quote))).toBe('TIMEOUT');
  });

  it('tolerates added latency within its timeouts', async () => {
    env = await clientOnSim();
    await env.client.login();
    await arm({ kind: 'latency', ms: 100 });
    expect((await env.client.getQuote(quote)).lastPrice).toBeGreaterThan(0);
  });

  it('never puts a secret in an error or a log line', async () => {
    env = await clientOnSim();
    await env.client.login();
    await arm({ kind: 'error' }, 'always');
    const error = await env.client.getQuote(quote).catch((e: unknown) => e);
    const seen = `${JSON.stringify(error)} ${String(error)} ${(error as Error).stack} ${env.log.text()}`;
    for (const secret of ['sim-pass', 'sim-api-key', 'JBSWY3DPEHPK3PXP', '01011990'])
      expect(seen).not.toContain(secret);
    const keys = env.h.sim.runtime.sessions.list().map((s) => s.key);
    for (const key of keys) expect(seen).not.toContain(key);
  });
});
