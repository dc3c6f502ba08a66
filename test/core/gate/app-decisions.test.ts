import { afterEach, describe, expect, it } from 'vitest';
import type { Actor } from '../../../src/core/audit/index.js';
import { isGateError } from '../../../src/core/gate/index.js';
import type { Person } from '../../../src/core/people/index.js';
import { type GateHarness, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const TEAM: Person[] = [
  { id: 'asha', role: 'trader' },
  { id: 'vik', role: 'trader' },
];
const people = { fourEyes: false, person: (id: string) => TEAM.find((p) => p.id === id) };
const onCard = (person: string): Actor => ({ channel: 'mcp-app', id: 'host', person });
const BUY = {
  kind: 'single',
  order: { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'I' },
} as const;

async function codeOf(p: Promise<unknown>): Promise<string> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isGateError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.code;
}

describe("the gate's app path: a decision on the order card", () => {
  it("refuses another person's ticket, either decision, and records each refusal; its requester decides it", async () => {
    g = await startGate({}, { people });
    const ticket = await g.gate.preview(BUY, { channel: 'mcp', id: 'host', person: 'vik' }, undefined, 'app');
    const via = { path: 'app', hash: ticket.hash } as const;
    expect(await codeOf(g.gate.approve(ticket.id, onCard('asha'), { via }))).toBe('NOT_ALLOWED');
    expect(await codeOf(g.gate.decline(ticket.id, onCard('asha'), 'no', via))).toBe('NOT_ALLOWED');
    expect(g.placements).toHaveLength(0);
    expect(g.gate.get(ticket.id)?.status).toBe('PENDING');
    const refused = (await g.auditEntries()).filter((e) => e.event === 'decision_refused');
    expect(refused.map((e) => [e.actor?.person, (e.data as { decision: string }).decision])).toEqual([
      ['asha', 'approve'],
      ['asha', 'decline'],
    ]);
    const declined = await g.gate.decline(ticket.id, onCard('vik'), 'no', via);
    expect(declined.status).toBe('DECLINED');
    expect(g.placements).toHaveLength(0);
  });

  it('refuses a decline on a stale version too: the card decides only what it showed', async () => {
    g = await startGate({}, { people });
    const ticket = await g.gate.preview(BUY, { channel: 'mcp', id: 'host', person: 'vik' }, undefined, 'app');
    const stale = { path: 'app', hash: 'f'.repeat(64) } as const;
    expect(await codeOf(g.gate.decline(ticket.id, onCard('vik'), 'no', stale))).toBe('TICKET_TAMPERED');
    expect(g.gate.get(ticket.id)?.status).toBe('PENDING');
    const refused = (await g.auditEntries()).filter((e) => e.event === 'decision_refused');
    expect(refused).toHaveLength(1);
  });
});
