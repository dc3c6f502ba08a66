import { createBrokerClient } from '../../../src/core/client/index.js';
import type { BrokerClientOptions } from '../../../src/core/client/options.js';
import type { BrokerClient } from '../../../src/core/client/types.js';
import type { LogFields, Logger } from '../../../src/core/logger.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import { type SimHarness, startSim, totpFor } from '../../helpers/sim.js';

/** Log lines a client wrote, for asserting what it did (re-login, retries) and that no secret leaked. */
export class CapturingLogger implements Logger {
  readonly lines: Array<{ level: string; message: string; fields?: LogFields }> = [];
  debug = (message: string, fields?: LogFields): void =>
    void this.lines.push({ level: 'debug', message, ...(fields ? { fields } : {}) });
  info = (message: string, fields?: LogFields): void =>
    void this.lines.push({ level: 'info', message, ...(fields ? { fields } : {}) });
  warn = (message: string, fields?: LogFields): void =>
    void this.lines.push({ level: 'warn', message, ...(fields ? { fields } : {}) });
  error = (message: string, fields?: LogFields): void =>
    void this.lines.push({ level: 'error', message, ...(fields ? { fields } : {}) });
  text(): string {
    return JSON.stringify(this.lines);
  }
}

/** A real client on a real paper broker (manual clock), with the demo account's credentials. */
export async function clientOnSim(
  options: Partial<BrokerClientOptions> = {},
  sim?: SimHarness,
): Promise<{ h: SimHarness; client: BrokerClient; log: CapturingLogger; close(): Promise<void> }> {
  const h = sim ?? (await startSim());
  const log = new CapturingLogger();
  const client = createBrokerClient({
    baseUrl: h.sim.url,
    credentials: {
      userId: DEMO_ACCOUNT.userId,
      password: DEMO_ACCOUNT.password,
      apiKey: DEMO_ACCOUNT.apiKey,
      vendorCode: DEMO_ACCOUNT.vendorCode,
      dobOrPan: DEMO_ACCOUNT.dobOrPan,
      totp: () => totpFor(h.clock.now()),
    },
    rateLimits: false,
    // On the wall clock, a shared answer would make what a test reads depend on its speed.
    sharing: false,
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    logger: log,
    ...options,
  });
  return {
    h,
    client,
    log,
    async close() {
      await client.close();
      if (!sim) await h.close();
    },
  };
}
