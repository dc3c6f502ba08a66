import { afterEach, describe, expect, it } from 'vitest';
import { isBrokerError } from '../../../src/core/errors.js';
import { clientOnSim } from '../integration/client-harness.js';
import { flush } from '../support/fake-clock.js';

type Env = Awaited<ReturnType<typeof clientOnSim>>;
let env: Env | undefined;
afterEach(async () => {
  await env?.close();
  env = undefined;
});

const QUOTE = { exchange: 'NSE', token: '2885' } as const;

/** How a promise has settled so far: its error code, 'ok', or 'pending'. */
function track(promise: Promise<unknown>): () => string {
  let state = 'pending';
  promise.then(
    () => (state = 'ok'),
    (error: unknown) => (state = isBrokerError(error) ? error.code : String(error)),
  );
  return () => state;
}

/** One connection, held by a quote the paper broker never answers; `second` queues behind it. */
async function oneConnectionHeld(options: Parameters<typeof clientOnSim>[0] = {}) {
  env = await clientOnSim({ connections: 1, retry: { attempts: 1 }, ...options });
  await env.client.login();
  await env.h.post('/_sim/faults', { fault: { kind: 'stall' }, count: 1, paths: ['/apiV2/getQuotes'] });
  const held = track(env.client.getQuote(QUOTE, { timeoutMs: 60_000 }));
  await flush();
  return { client: env.client, held };
}

describe('a request still waiting for a connection', () => {
  it('is ABORTED as soon as its caller gives up, not once the connection frees', async () => {
    const { client, held } = await oneConnectionHeld();
    const caller = new AbortController();
    const queued = track(client.getQuote(QUOTE, { signal: caller.signal }));
    await flush();
    caller.abort();
    await flush();
    expect(queued()).toBe('ABORTED');
    expect(held()).toBe('pending');
  });

  it('times out at its own deadline, while the request holding the connection is still out', async () => {
    const { client, held } = await oneConnectionHeld();
    const error = await client.getQuote(QUOTE, { timeoutMs: 20 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'TIMEOUT' });
    expect(held()).toBe('pending');
  });
});
