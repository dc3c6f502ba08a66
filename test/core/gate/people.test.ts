import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../../src/core/audit/index.js';
import {
  type GatePeople,
  isGateError,
  type Ticket,
  withdrawWhenEnded,
} from '../../../src/core/gate/index.js';
import type { Person } from '../../../src/core/people/index.js';
import { type GateHarness, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

/** The people file as the gate reads it, editable by the test as a person would edit the file. */
function peopleOf(
  list: Person[],
  fourEyes: boolean,
): GatePeople & { set(list: Person[]): void; revoked: Set<string>; onRefresh?: () => void } {
  let byId = new Map(list.map((p) => [p.id, p]));
  return {
    fourEyes,
    revoked: new Set(),
    person: (id) => byId.get(id),
    credentialActive(id) {
      return !this.revoked.has(id);
    },
    async refresh() {
      this.onRefresh?.();
    },
    set(next) {
      byId = new Map(next.map((p) => [p.id, p]));
    },
  };
}

const TEAM: Person[] = [
  { id: 'asha', role: 'trader', discord: '100000000000000001', maxDailyOrders: 2 },
  { id: 'vik', role: 'trader', discord: '100000000000000002' },
  { id: 'ravi', role: 'approver', discord: '100000000000000003' },
  { id: 'uma', role: 'approver', discord: '100000000000000004' },
];

/** Someone acting through MCP (their assistant) or Discord (their user id). */
const mcp = (person: string, channel = 'mcp'): Actor => ({ channel, id: 'claude-code', person });
const discord = (person: string): Actor => ({
  channel: 'discord',
  id: TEAM.find((p) => p.id === person)?.discord ?? '0',
  person,
});

const BUY = {
  kind: 'single',
  order: { instrument: 'NSE:SBIN-EQ', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'I' },
} as const;

/** A ticket asked for by `person` through MCP, waiting for a Discord card, and that card. */
async function forCard(h: GateHarness, person: string) {
  const ticket = await h.gate.preview(BUY, mcp(person), undefined, 'discord');
  const card = { channelId: '300', messageId: `m-${ticket.id}` };
  await h.gate.bindCard(ticket.id, card);
  return { ticket, via: { path: 'discord', card } as const };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  const error = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!isGateError(error, 'NOT_ALLOWED')) throw new Error(`expected a refusal, got ${String(error)}`);
  return error.message;
}

describe('the gate judges decisions by person, whichever way they came in', () => {
  it('declines at its start a ticket left waiting by a crash whose token was revoked while no server ran', async () => {
    const people = peopleOf(TEAM, true);
    g = await startGate({}, { people });
    const asked = { ...mcp('vik'), credential: 'a1b2c3d4e5f6' };
    const left = await g.gate.preview(BUY, asked, undefined, 'discord');
    const kept = await g.gate.preview(BUY, { ...asked, credential: 'f6e5d4c3b2a1' }, undefined, 'discord');
    people.revoked.add('a1b2c3d4e5f6');
    const gate = await g.reopen({ people });
    const stop = withdrawWhenEnded(gate, {
      ...people,
      onEnded: () => () => undefined,
      credentialActive: (id) => people.credentialActive(id),
    });
    await vi.waitFor(() => expect(gate.get(left.id)?.status).toBe('DECLINED'));
    expect(gate.get(left.id)?.reason).toMatch(
      /token a1b2c3d4e5f6, which asked for it, ended while omsdesk was stopped/,
    );
    expect(gate.get(kept.id)?.status).toBe('PENDING');
    expect(g.placements).toHaveLength(0);
    stop();
  });

  it('reads the requester’s token and role again right before the orders leave: one revoked or demoted during the approval’s re-check is refused and recorded, nothing sent', async () => {
    const people = peopleOf(TEAM, true);
    g = await startGate({}, { people });
    const asked = { ...mcp('vik'), credential: 'a1b2c3d4e5f6' };
    const first = await g.gate.preview(BUY, asked, undefined, 'discord');
    const card = { channelId: '300', messageId: `m-${first.id}` };
    await g.gate.bindCard(first.id, card);
    people.onRefresh = () => people.revoked.add('a1b2c3d4e5f6');
    expect(
      await refusal(g.gate.approve(first.id, discord('ravi'), { via: { path: 'discord', card } })),
    ).toMatch(/personal token a1b2c3d4e5f6 that asked for ticket .* no longer counts.*Nothing was sent/);
    people.onRefresh = () => people.set(TEAM.map((p) => (p.id === 'asha' ? { ...p, role: 'viewer' } : p)));
    const { ticket, via } = await forCard(g, 'asha');
    expect(await refusal(g.gate.approve(ticket.id, discord('ravi'), { via }))).toMatch(
      /asha, who asked for ticket .*, may no longer place orders/,
    );
    expect(g.placements).toHaveLength(0);
    const refused = (await g.auditEntries()).filter((e) => e.event === 'refused').map((e) => e.ticket);
    expect(refused).toEqual([first.id, ticket.id]);
    // A ticket whose token is already known revoked is refused at the click, before anything is held.
    const later = await g.gate.preview(BUY, asked, undefined, 'discord');
    const laterCard = { channelId: '300', messageId: `m-${later.id}` };
    await g.gate.bindCard(later.id, laterCard);
    expect(
      await refusal(g.gate.approve(later.id, discord('ravi'), { via: { path: 'discord', card: laterCard } })),
    ).toMatch(/no longer counts/);
    expect(g.gate.get(later.id)?.status).toBe('PENDING');
    expect(
      (await g.gate.withdraw({ credential: 'a1b2c3d4e5f6' }, 'token a1b2c3d4e5f6 was revoked')).map(
        (t) => t.id,
      ),
    ).toEqual([later.id]);
    expect(g.gate.get(later.id)).toMatchObject({
      status: 'DECLINED',
      reason: expect.stringMatching(/was revoked/),
    });
  });

  it('under four-eyes, refuses a requester approving their own MCP ticket on its Discord card, and lets another approver', async () => {
    const people = peopleOf([...TEAM, { id: 'asha', role: 'approver', discord: '100000000000000001' }], true);
    g = await startGate({}, { people });
    const { ticket, via } = await forCard(g, 'asha');
    expect(await refusal(g.gate.approve(ticket.id, discord('asha'), { via }))).toMatch(
      /four-eyes: asha asked for ticket/,
    );
    expect(g.gate.get(ticket.id)?.status).toBe('PENDING');
    const done = await g.gate.approve(ticket.id, discord('ravi'), { via });
    expect(['PLACED', 'COMPLETE']).toContain(done.status);
    expect(done.decidedBy).toMatchObject({ channel: 'discord', person: 'ravi' });
    const refused = (await g.auditEntries()).find((e) => e.event === 'decision_refused');
    expect(refused).toMatchObject({ ticket: ticket.id, actor: { person: 'asha' } });
  });

  it('under four-eyes, refuses the requester confirming in their own assistant; without it allows it and records it as theirs', async () => {
    g = await startGate({}, { people: peopleOf(TEAM, true) });
    const held = await g.gate.preview(BUY, mcp('vik'), undefined, 'elicitation');
    const via = { path: 'elicitation' } as const;
    expect(await refusal(g.gate.approve(held.id, mcp('vik', 'mcp-elicitation'), { via }))).toMatch(
      /four-eyes: vik asked/,
    );
    expect(g.placements).toHaveLength(0);
    await g.close();

    g = await startGate({}, { people: peopleOf(TEAM, false) });
    const own = await g.gate.preview(BUY, mcp('vik'), undefined, 'elicitation');
    const done = await g.gate.approve(own.id, mcp('vik', 'mcp-elicitation'), { via });
    expect(['PLACED', 'COMPLETE']).toContain(done.status);
    const approved = (await g.auditEntries()).find((e) => e.event === 'approved');
    expect(approved).toMatchObject({ actor: { person: 'vik' }, data: { byRequester: true } });
  });

  it("refuses anyone but the requester in an assistant's confirmation, non-approvers on a card, and people not in the file", async () => {
    const people = peopleOf(TEAM, false);
    g = await startGate({}, { people });
    const form = await g.gate.preview(BUY, mcp('vik'), undefined, 'elicitation');
    const elicitation = { path: 'elicitation' } as const;
    expect(
      await refusal(g.gate.approve(form.id, mcp('ravi', 'mcp-elicitation'), { via: elicitation })),
    ).toMatch(/asked for by vik: only they confirm it/);
    expect(await refusal(g.gate.decline(form.id, mcp('ravi', 'mcp-elicitation'), 'no', elicitation))).toMatch(
      /only they confirm it/,
    );
    const { ticket, via } = await forCard(g, 'vik');
    expect(await refusal(g.gate.approve(ticket.id, discord('asha'), { via }))).toMatch(
      /asha is a trader, not an approver/,
    );
    expect(await refusal(g.gate.approve(ticket.id, { channel: 'discord', id: '999' }, { via }))).toMatch(
      /not in the people file/,
    );
    people.set(TEAM.filter((p) => p.id !== 'ravi'));
    expect(await refusal(g.gate.approve(ticket.id, discord('ravi'), { via }))).toMatch(
      /ravi is not in the people file/,
    );
    expect(g.placements).toHaveLength(0);
    expect(g.gate.get(ticket.id)?.status).toBe('PENDING');
  });

  it("reads the requester's standing when an approval is kept: a demoted requester's ticket is not placed", async () => {
    const people = peopleOf(TEAM, true);
    g = await startGate({}, { people });
    const { ticket, via } = await forCard(g, 'vik');
    people.set(TEAM.map((p) => (p.id === 'vik' ? { ...p, role: 'viewer' } : p)));
    expect(await refusal(g.gate.approve(ticket.id, discord('ravi'), { via }))).toMatch(
      /vik, who asked for ticket .* may no longer place orders/,
    );
    expect(g.placements).toHaveLength(0);
  });
});

describe("each person's own daily caps", () => {
  async function approveAll(h: GateHarness, tickets: readonly Ticket[]) {
    const results = await Promise.allSettled(
      tickets.map((t) =>
        h.gate.approve(t.id, discord('ravi'), {
          via: { path: 'discord', card: t.card ?? { channelId: '', messageId: '' } },
        }),
      ),
    );
    return results;
  }

  async function cards(h: GateHarness, person: string, n: number): Promise<Ticket[]> {
    const out: Ticket[] = [];
    for (let i = 0; i < n; i += 1) {
      const { ticket, via } = await forCard(h, person);
      out.push({ ...ticket, card: via.card });
    }
    return out;
  }

  it('hold under a concurrent burst on top of the desk caps, and come back after a restart from the log and from its checkpoint', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '6' }, { people: peopleOf(TEAM, true) });
    const asha = await cards(g, 'asha', 5);
    const vik = await cards(g, 'vik', 3);
    // Interleaved and all at once: every approval reserves before any of them awaits.
    const results = await approveAll(g, [
      asha[0],
      vik[0],
      asha[1],
      asha[2],
      vik[1],
      asha[3],
      vik[2],
      asha[4],
    ] as Ticket[]);
    const placed = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r.value as Ticket).requestedBy.person);
    expect(placed.filter((p) => p === 'asha')).toHaveLength(2);
    expect(placed.filter((p) => p === 'vik')).toHaveLength(3);
    expect(g.placements).toHaveLength(5);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as Error] : []));
    expect(refused).toHaveLength(3);
    for (const error of refused) expect(error.message).toMatch(/above their own daily cap of 2/);
    expect(g.gate.usageOf('asha').orders).toBe(2);
    expect(g.gate.usageOf('vik').orders).toBe(3);

    // The checkpoint a clean stop leaves, then the log alone (no checkpoint): the holds keep their person.
    for (const withCheckpoint of [true, false]) {
      if (!withCheckpoint) await rm(`${g.auditPath}.checkpoint`, { force: true });
      await g.reopen({ people: peopleOf(TEAM, true) });
      expect(g.gate.usageOf('asha')).toMatchObject({ orders: 2 });
      const again = await g.gate.preview(BUY, mcp('asha'), undefined, 'discord');
      expect(again.status).toBe('REFUSED');
      expect(again.violations.map((v) => v.message).join(' ')).toMatch(
        /asha's today, above their own daily cap of 2/,
      );
      // The desk's cap still counts everyone: one order left of six.
      const vikMore = await g.gate.preview(BUY, mcp('vik'), undefined, 'discord');
      expect(vikMore.status).toBe('PENDING');
    }
  });
});
