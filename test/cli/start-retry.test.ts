import { describe, expect, it } from 'vitest';
import { startRuntime } from '../../src/cli/runtime.js';
import { StartInterrupted } from '../../src/cli/start-login.js';
import { liveBrokerForTests } from '../helpers/live-broker.js';
import { recordingLogger } from '../helpers/logs.js';

const live = liveBrokerForTests('omsdesk-start-retry-');

describe('a broker that is down at start', () => {
  it('is waited for: each failed login logged, tried again after the pause, the start completes', async () => {
    live.sim.faults.arm({ kind: 'error', status: 503 }, Number.POSITIVE_INFINITY, ['/apiV2/login']);
    const { logger, logs } = recordingLogger();
    const pauses: number[] = [];
    const rt = await startRuntime(live.config(), logger, 'omsdesk serve', {
      loginDelaysMs: [10, 20, 40],
      sleep: async (ms) => {
        pauses.push(ms);
        if (pauses.length === 2) live.sim.faults.clear(); // the broker is back
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
    live.sim.faults.arm({ kind: 'error', status: 502 }, Number.POSITIVE_INFINITY, ['/apiV2/login']);
    const pauses: number[] = [];
    const started = startRuntime(live.config(), recordingLogger().logger, 'omsdesk serve', {
      loginDelaysMs: [10],
      sleep: async (ms) => void pauses.push(ms),
    });
    await expect(started).rejects.toMatchObject({ name: 'BrokerError', code: 'BROKER_UNAVAILABLE' });
    expect(pauses).toEqual([10]);
    live.sim.faults.clear();
    const again = await startRuntime(live.config(), recordingLogger().logger, 'omsdesk serve');
    await again.close();
  });

  it('stops waiting when asked to stop', async () => {
    live.sim.faults.arm({ kind: 'error', status: 503 }, Number.POSITIVE_INFINITY, ['/apiV2/login']);
    const stop = new AbortController();
    const started = startRuntime(live.config(), recordingLogger().logger, 'omsdesk serve', {
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
      live.config({ OMSDESK_PASSWORD: 'not-the-password' }),
      recordingLogger().logger,
      'omsdesk serve',
      { loginDelaysMs: [10, 10], sleep: async (ms) => void pauses.push(ms) },
    );
    await expect(started).rejects.toMatchObject({ name: 'BrokerError', code: 'INVALID_CREDENTIALS' });
    expect(pauses).toEqual([]);
  });
});
