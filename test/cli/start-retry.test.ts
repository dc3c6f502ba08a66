import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startRuntime } from '../../src/cli/runtime.js';
import { StartInterrupted } from '../../src/cli/start-login.js';
import { loadConfig } from '../../src/core/config/index.js';
import { DEMO_ACCOUNT } from '../../src/sim/accounts.js';
import { createSimulator, type Simulator } from '../../src/sim/create-simulator.js';
import { recordingLogger } from '../helpers/logs.js';

let sim: Simulator;
let dataDir: string;

/** A live broker (the paper broker, reached over HTTP as a real one is) with the demo credentials. */
function liveConfig(extra: Record<string, string> = {}) {
  return loadConfig({
    env: {
      OMSDESK_BROKER_URL: sim.url,
      OMSDESK_USER_ID: DEMO_ACCOUNT.userId,
      OMSDESK_PASSWORD: DEMO_ACCOUNT.password,
      OMSDESK_API_KEY: DEMO_ACCOUNT.apiKey,
      OMSDESK_VENDOR_CODE: DEMO_ACCOUNT.vendorCode,
      OMSDESK_TOTP_SECRET: DEMO_ACCOUNT.totpSecret,
      OMSDESK_DATA_DIR: dataDir,
      OMSDESK_AUDIT_KEY_FILE: join(dataDir, 'keys', 'audit.key'),
      ...extra,
    },
  });
}

beforeAll(async () => {
  // The client computes its TOTP from the wall clock, so this paper broker keeps wall-clock time too.
  sim = await createSimulator({ rateLimits: false, engineTickMs: 0 });
});
afterAll(() => sim.close());
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-start-retry-'));
});
afterEach(async () => {
  sim.faults.clear();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a broker that is down at start', () => {
  it('is waited for: each failed login logged, tried again after the pause, the start completes', async () => {
    sim.faults.arm({ kind: 'error', status: 503 }, Number.POSITIVE_INFINITY, ['/apiV2/login']);
    const { logger, logs } = recordingLogger();
    const pauses: number[] = [];
    const rt = await startRuntime(liveConfig(), logger, 'omsdesk serve', {
      loginDelaysMs: [10, 20, 40],
      sleep: async (ms) => {
        pauses.push(ms);
        if (pauses.length === 2) sim.faults.clear(); // the broker is back
      },
    });
    try {
      expect(pauses).toEqual([10, 20]);
      const waits = logs.filter((l) => l.startsWith('warn the broker cannot be reached at start'));
      expect(waits).toHaveLength(2);
      expect(waits[0]).toContain('"code":"BROKER_UNAVAILABLE"');
      expect(logs).toContainEqual(expect.stringMatching(/^info the broker answered: logged in/));
      expect((await rt.client.getQuote({ exchange: 'NSE', token: '2885' })).lastPrice).toBeGreaterThan(0);
    } finally {
      await rt.close();
    }
  });

  it('fails the start once the pauses run out, and frees the data dir', async () => {
    sim.faults.arm({ kind: 'error', status: 502 }, Number.POSITIVE_INFINITY, ['/apiV2/login']);
    const pauses: number[] = [];
    const started = startRuntime(liveConfig(), recordingLogger().logger, 'omsdesk serve', {
      loginDelaysMs: [10],
      sleep: async (ms) => void pauses.push(ms),
    });
    await expect(started).rejects.toMatchObject({ name: 'BrokerError', code: 'BROKER_UNAVAILABLE' });
    expect(pauses).toEqual([10]);
    sim.faults.clear();
    const again = await startRuntime(liveConfig(), recordingLogger().logger, 'omsdesk serve');
    await again.close();
  });

  it('stops waiting when asked to stop', async () => {
    sim.faults.arm({ kind: 'error', status: 503 }, Number.POSITIVE_INFINITY, ['/apiV2/login']);
    const stop = new AbortController();
    const started = startRuntime(liveConfig(), recordingLogger().logger, 'omsdesk serve', {
      signal: stop.signal,
      loginDelaysMs: [600_000],
    });
    // The real pause: it ends only through the signal.
    setImmediate(() => stop.abort());
    await expect(started).rejects.toBeInstanceOf(StartInterrupted);
  });

  it('never retries refused credentials (a locked account is worse than a stopped desk)', async () => {
    const pauses: number[] = [];
    const started = startRuntime(
      liveConfig({ OMSDESK_PASSWORD: 'not-the-password' }),
      recordingLogger().logger,
      'omsdesk serve',
      { loginDelaysMs: [10, 10], sleep: async (ms) => void pauses.push(ms) },
    );
    await expect(started).rejects.toMatchObject({ name: 'BrokerError', code: 'INVALID_CREDENTIALS' });
    expect(pauses).toEqual([]);
  });
});
