import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrokerClient, isBrokerError } from '../../../src/core/client/index.js';
import { loadConfig } from '../../../src/core/config/index.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import { createSimulator, type Simulator } from '../../../src/sim/create-simulator.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await createSimulator({ rateLimits: false });
});
afterAll(() => sim.close());

/** A live configuration against the paper broker on loopback (first generation: its trade book sends actid). */
function liveEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    OMSDESK_BROKER_URL: sim.url,
    OMSDESK_API_GENERATION: 'v1',
    OMSDESK_USER_ID: DEMO_ACCOUNT.userId,
    OMSDESK_PASSWORD: DEMO_ACCOUNT.password,
    OMSDESK_API_KEY: DEMO_ACCOUNT.apiKey,
    OMSDESK_VENDOR_CODE: DEMO_ACCOUNT.vendorCode,
    OMSDESK_DOB_OR_PAN: DEMO_ACCOUNT.dobOrPan,
    ...extra,
  };
}

/** What the broker answers to the trade book, asked with the configuration `env` makes, as omsdesk asks it. */
async function tradeBookWith(env: Record<string, string>): Promise<string> {
  const config = loadConfig({ env, readFile: () => undefined });
  if (config.broker.mode !== 'live') throw new Error('expected a live broker');
  const client = createBrokerClient({
    baseUrl: config.broker.url,
    generation: config.broker.generation,
    credentials: config.broker.credentials,
  });
  try {
    await client.login();
    return `${(await client.getTradeBook()).length} trades`;
  } catch (error) {
    return isBrokerError(error) ? error.message : String(error);
  } finally {
    await client.close();
  }
}

describe('OMSDESK_ACCOUNT_ID, one meaning', () => {
  it('is the actid a live broker receives, instead of the account the login answers with', async () => {
    expect(await tradeBookWith(liveEnv())).toBe('0 trades');
    expect(await tradeBookWith(liveEnv({ OMSDESK_ACCOUNT_ID: DEMO_ACCOUNT.accountId }))).toBe('0 trades');
    // The broker refuses an account that is not the session's: so the variable is what was sent.
    expect(await tradeBookWith(liveEnv({ OMSDESK_ACCOUNT_ID: 'OTHER42' }))).toMatch(/Invalid Account Id/);
  });

  it('is said to be unused with the paper broker, with the other credentials of a live account', () => {
    const paper = loadConfig({ env: { OMSDESK_ACCOUNT_ID: 'ACC9' }, readFile: () => undefined });
    expect(paper.warnings).toEqual([
      'OMSDESK_ACCOUNT_ID is only used with a live broker (OMSDESK_BROKER_URL); the paper broker’s demo account is used.',
    ]);
    const more = loadConfig({
      env: { OMSDESK_USER_ID: 'U1', OMSDESK_ACCOUNT_ID: 'A1' },
      readFile: () => undefined,
    });
    expect(more.warnings).toEqual([
      'OMSDESK_USER_ID, OMSDESK_ACCOUNT_ID are only used with a live broker (OMSDESK_BROKER_URL); the paper broker’s demo account is used.',
    ]);
    expect(
      loadConfig({ env: liveEnv({ OMSDESK_ACCOUNT_ID: 'A1' }), readFile: () => undefined }).warnings,
    ).toEqual([]);
  });
});
