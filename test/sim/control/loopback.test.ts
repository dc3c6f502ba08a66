import { afterEach, describe, expect, it } from 'vitest';
import { isLoopbackPeer } from '../../../src/sim/http/loopback.js';
import { type SimHarness, startSim } from '../../helpers/sim.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the /_sim control surface', () => {
  it('knows this machine by its peer address, in IPv4, IPv6 and mapped form', () => {
    for (const a of ['127.0.0.1', '127.3.4.5', '::1', '::ffff:127.0.0.1'])
      expect(isLoopbackPeer(a)).toBe(true);
    for (const a of ['10.0.0.7', '192.168.1.2', '::ffff:10.0.0.7', 'fe80::1', undefined])
      expect(isLoopbackPeer(a)).toBe(false);
  });

  it('refuses a peer from another machine with 403, while the broker API answers it as usual', async () => {
    h = await startSim({ controlFrom: () => false });
    const refused = await h.post('/_sim/faults', { fault: { kind: 'error' } });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({
      error: 'the /_sim control surface answers only requests from this machine (loopback)',
    });
    expect(h.sim.faults.list()).toHaveLength(0);
    const key = await h.loginV2();
    expect(key.length).toBeGreaterThan(10);
  });
});
