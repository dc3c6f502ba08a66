import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type Config, loadConfig } from '../../src/core/config/index.js';
import { DEMO_ACCOUNT } from '../../src/sim/accounts.js';
import { createSimulator, type Simulator } from '../../src/sim/create-simulator.js';

/**
 * The variables of a live broker at `url` with the demo account's credentials: a paper broker reached
 * over HTTP as a real one is (it must keep wall-clock time: the client computes its TOTP from it).
 */
export function liveBrokerEnv(url: string): Record<string, string> {
  return {
    OMSDESK_BROKER_URL: url,
    OMSDESK_USER_ID: DEMO_ACCOUNT.userId,
    OMSDESK_PASSWORD: DEMO_ACCOUNT.password,
    OMSDESK_API_KEY: DEMO_ACCOUNT.apiKey,
    OMSDESK_VENDOR_CODE: DEMO_ACCOUNT.vendorCode,
    OMSDESK_TOTP_SECRET: DEMO_ACCOUNT.totpSecret,
  };
}

/** A live-broker configuration against `url`, as a user would write it, its state in `dataDir`. */
export function liveBrokerConfig(url: string, dataDir: string, extra: Record<string, string> = {}): Config {
  return loadConfig({
    env: {
      ...liveBrokerEnv(url),
      OMSDESK_DATA_DIR: dataDir,
      OMSDESK_AUDIT_KEY_FILE: join(dataDir, 'keys', 'audit.key'),
      ...extra,
    },
  });
}

/** A paper broker for a file's tests to reach as a live one, and a fresh data dir for each test. */
export interface LiveBroker {
  readonly sim: Simulator;
  readonly dataDir: string;
  /** The configuration against it, with `extra` variables. */
  config(extra?: Record<string, string>): Config;
}

/** Registers the hooks: the broker starts once for the file; each test gets its own data dir, no fault left armed. */
export function liveBrokerForTests(dirPrefix: string): LiveBroker {
  let sim: Simulator | undefined;
  let dataDir = '';
  beforeAll(async () => {
    // The client computes its TOTP from the wall clock, so this paper broker keeps wall-clock time too.
    sim = await createSimulator({ rateLimits: false, engineTickMs: 0 });
  });
  afterAll(() => sim?.close());
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), dirPrefix));
  });
  afterEach(async () => {
    sim?.faults.clear();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    get sim() {
      if (sim === undefined) throw new Error('the live broker starts in beforeAll');
      return sim;
    },
    get dataDir() {
      return dataDir;
    },
    config(extra = {}) {
      return liveBrokerConfig(this.sim.url, dataDir, extra);
    },
  };
}
