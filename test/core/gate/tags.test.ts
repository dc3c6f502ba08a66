import { afterEach, describe, expect, it } from 'vitest';
import { isGateError } from '../../../src/core/gate/index.js';
import { placeOutside } from '../../helpers/sim.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const order = (remarks?: string) =>
  ({
    kind: 'single',
    order: {
      instrument: 'NSE:SBIN-EQ',
      side: 'BUY',
      quantity: 1,
      priceType: 'MKT',
      product: 'I',
      ...(remarks === undefined ? {} : { remarks }),
    },
  }) as const;

describe('the gate owns its order tag', () => {
  it("refuses remarks that carry another ticket's tag, before anything is previewed", async () => {
    g = await startGate();
    const victim = await g.gate.preview(order(), MODEL);
    const forged = await g.gate.preview(order(`hedge omsdesk:${victim.id}`), MODEL).catch((e: unknown) => e);
    expect(isGateError(forged, 'INVALID_ORDER')).toBe(true);
    expect((forged as Error).message).toContain(`omsdesk:${victim.id}`);
    expect((forged as Error).message).toMatch(/remove it/);
    expect(g.gate.list().map((t) => t.id)).toEqual([victim.id]);
  });

  it('never lets an order placed outside the gate with a quoted tag settle a ticket of unknown outcome', async () => {
    g = await startGate({}, { settle: { answerWindowMs: 0 } });
    await g.client.login();
    const ticket = await g.gate.preview(order(), MODEL);
    // Someone places an order by hand whose remarks quote the ticket's tag after their own words.
    await placeOutside(g.h, { remarks: `manual omsdesk:${ticket.id}` });
    // The ticket's own placement is cut before the broker handles it: nothing of ours reached the market.
    await g.h.post('/_sim/faults', { fault: { kind: 'drop', when: 'before' }, paths: ['/apiV2/placeOrder'] });
    const done = await g.gate.approve(ticket.id, ALICE);
    expect(done.status).toBe('NOT_PLACED');
    expect(done.legs[0]?.outcome?.orderNumber).toBeUndefined();
  });
});
