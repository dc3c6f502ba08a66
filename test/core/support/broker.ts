import { type Interceptable, MockAgent } from 'undici';
import {
  type BrokerClient,
  type BrokerClientOptions,
  type BrokerCredentials,
  createBrokerClient,
  type LogFields,
  type Logger,
} from '../../../src/core/client/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { FakeClock } from './fake-clock.js';

/** The mock broker's origin. */
export const BASE = 'http://broker.test';

/** Credentials whose every secret is long and distinctive, so a leak is easy to find. */
export const CREDENTIALS: Required<Omit<BrokerCredentials, 'totp' | 'accountId'>> = {
  userId: 'SIM001',
  password: 'pw-Secret-Hunter2-XYZ',
  apiKey: 'apikey-7f7f7f7f7f7f7f7f',
  vendorCode: 'SIM001_U',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  dobOrPan: 'ABCPE1234Z',
};

/** The session key in the corpus's second-generation login answer. */
export const SESSION_KEY = (wireCase('login', 'v2.success') as { data: { susertoken: string } }).data
  .susertoken;

/** One request the mock broker saw. */
export interface SeenRequest {
  readonly path: string;
  readonly body: Record<string, unknown>;
  readonly headers: Record<string, string>;
}

/** One log line a capturing logger saw. */
export interface LogLine {
  readonly level: string;
  readonly message: string;
  readonly fields: LogFields | undefined;
}

type Reply = { status?: number; body: unknown; headers?: Record<string, string>; delayMs?: number };

/** A client wired to a `MockAgent` (passed as its dispatcher) and a fake clock, with helpers to script answers. */
export function mockBroker(options: Partial<BrokerClientOptions> = {}) {
  const agent = new MockAgent();
  agent.disableNetConnect();
  const pool: Interceptable = agent.get(BASE);
  const clock = new FakeClock();
  const seen: SeenRequest[] = [];
  const logs: LogLine[] = [];
  const logger: Logger = {
    debug: (message, fields) => logs.push({ level: 'debug', message, fields }),
    info: (message, fields) => logs.push({ level: 'info', message, fields }),
    warn: (message, fields) => logs.push({ level: 'warn', message, fields }),
    error: (message, fields) => logs.push({ level: 'error', message, fields }),
  };
  const client: BrokerClient = createBrokerClient({
    baseUrl: BASE,
    credentials: CREDENTIALS,
    dispatcher: agent,
    clock,
    logger,
    retry: { random: () => 1 },
    // Each scripted answer is for one request: sharing and lanes have tests of their own.
    sharing: false,
    laneReserves: {},
    ...options,
  });

  /** Answers the next request to `path` with `reply` (once). */
  function on(path: string, reply: Reply): void {
    const scope = pool.intercept({ path, method: 'POST' }).reply((req) => {
      const text = typeof req.body === 'string' ? req.body : String(req.body ?? '');
      seen.push({
        path,
        body: JSON.parse(text || '{}'),
        headers: (req.headers ?? {}) as Record<string, string>,
      });
      const data = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      return { statusCode: reply.status ?? 200, data, responseOptions: { headers: reply.headers ?? {} } };
    });
    if (reply.delayMs !== undefined) scope.delay(reply.delayMs);
  }

  /** Answers with a corpus case. */
  function onCase(path: string, resource: string, name: string, status = 200): void {
    on(path, { status, body: wireCase(resource, name) });
  }

  let closed = false;
  return {
    agent,
    pool,
    clock,
    client,
    seen,
    logs,
    on,
    onCase,
    /** The second-generation login succeeding (once). */
    loginOk: () => onCase('/apiV2/login', 'login', 'v2.success'),
    /** The requests made to one path. */
    to: (path: string) => seen.filter((r) => r.path === path),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      await agent.close();
    },
  };
}

/** Awaits a promise expected to reject and returns the rejection. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
