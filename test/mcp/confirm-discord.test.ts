import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalChannel, Ticket } from '../../src/core/gate/index.js';
import { fakeTimers, passTime } from './fake-time.js';
import { dataOf, type McpHarness, startMcp, textOf } from './harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
const ALICE = { channel: 'discord', id: 'alice' };
let m: McpHarness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await m?.close();
  m = undefined;
});

/** A channel that records what it was shown and lets the test act on each post. */
function channel(onPost: (ticket: Ticket) => void = () => undefined): ApprovalChannel & { posted: Ticket[] } {
  const posted: Ticket[] = [];
  return {
    name: 'discord',
    posted,
    async post(ticket) {
      posted.push(ticket);
      onPost(ticket);
    },
  };
}

describe('discord confirmation', () => {
  it('keeps a client with the default 60 s timeout waiting, through progress, for an approver who decides after 90 s', async () => {
    let posted: () => void = () => undefined;
    const wasPosted = new Promise<void>((resolve) => {
      posted = resolve;
    });
    const approvals = channel((t) => {
      posted();
      setTimeout(() => void m?.g.gate.approve(t.id, ALICE), 90_000);
    });
    m = await startMcp({
      confirm: 'discord',
      approvalChannel: approvals,
      timings: { progressIntervalMs: 5_000 },
    });
    fakeTimers();
    const progress: Progress[] = [];
    const pending = m.call('place_order', ORDER, {
      onprogress: (p) => progress.push(p),
      resetTimeoutOnProgress: true,
    });
    await wasPosted;
    await passTime(91_000);
    const result = await pending;
    const data = dataOf<{ status: string; ticketId: string; orderNumbers: string[]; confirmation: string }>(
      result,
    );
    expect(result.isError).toBeFalsy();
    expect(approvals.posted).toHaveLength(1);
    expect(data.confirmation).toBe('discord');
    expect(['PLACED', 'COMPLETE']).toContain(data.status);
    expect((await m.ticket(data.ticketId)).decidedBy).toEqual({ channel: ALICE.channel, id: ALICE.id });
    expect(data.orderNumbers).toHaveLength(1);
    expect(m.g.placements).toHaveLength(1);
    expect(await m.brokerOrders()).toBe(1);
    expect(progress.length).toBeGreaterThanOrEqual(18);
    expect(progress[0]?.message).toMatch(/waiting for an approver in discord .*ticket T/);
    expect(progress.map((p) => p.progress)).toEqual(
      [...progress.map((p) => p.progress)].sort((a, b) => a - b),
    );
  });

  it('lets the ticket expire when nobody decides, placing nothing', async () => {
    let posted: () => void = () => undefined;
    const wasPosted = new Promise<void>((resolve) => {
      posted = resolve;
    });
    m = await startMcp({ confirm: 'discord', approvalChannel: channel(() => posted()) });
    const pending = m.call('place_order', ORDER, { timeout: 10_000 });
    await wasPosted;
    await m.g.clock.advance(121_000);
    const result = await pending;
    const data = dataOf<{ status: string }>(result);
    expect(result.isError).toBe(true);
    expect(data.status).toBe('EXPIRED');
    expect(textOf(result)).toMatch(/No approver in discord decided before the ticket expired/);
    expect(m.g.placements).toHaveLength(0);
    expect(await m.brokerOrders()).toBe(0);
  });

  it('reports a decline by the approver and places nothing', async () => {
    const approvals = channel((t) => {
      setImmediate(() => void m?.g.gate.decline(t.id, ALICE, 'not today'));
    });
    m = await startMcp({ confirm: 'discord', approvalChannel: approvals });
    const data = dataOf<{ status: string; ticketId: string }>(await m.call('place_order', ORDER));
    expect(data.status).toBe('DECLINED');
    expect((await m.ticket(data.ticketId)).reason).toBe('not today');
    expect(m.g.placements).toHaveLength(0);
  });

  it('declines a ticket the channel cannot show, placing nothing', async () => {
    const broken: ApprovalChannel = {
      name: 'discord',
      post: () => Promise.reject(new Error('discord is down')),
    };
    m = await startMcp({ confirm: 'discord', approvalChannel: broken });
    const result = await m.call('place_order', ORDER);
    expect(dataOf<{ status: string }>(result).status).toBe('DECLINED');
    expect(textOf(result)).toMatch(/could not be posted to discord/);
    expect(m.g.placements).toHaveLength(0);
  });

  it('withdraws the card when the assistant stops waiting, so a later click places nothing', async () => {
    let posted: (t: Ticket) => void = () => undefined;
    const wasPosted = new Promise<Ticket>((resolve) => {
      posted = resolve;
    });
    m = await startMcp({ confirm: 'discord', approvalChannel: channel((t) => posted(t)) });
    const stop = new AbortController();
    const pending = m.call('place_order', ORDER, { signal: stop.signal });
    const ticket = await wasPosted;
    stop.abort(new Error('the user pressed stop'));
    await expect(pending).rejects.toThrow(/stop/);
    const gate = m.g.gate;
    await vi.waitFor(() => expect(gate.get(ticket.id)?.status).toBe('DECLINED'));
    expect(gate.get(ticket.id)?.reason).toMatch(
      /^Withdrawn: the assistant that asked for it stopped waiting/,
    );
    await expect(gate.approve(ticket.id, ALICE)).rejects.toThrow(/declined|DECLINED/i);
    expect(m.g.placements).toHaveLength(0);
    expect(await m.brokerOrders()).toBe(0);
  });

  it('goes on with a ticket an approver confirmed as the assistant stopped waiting', async () => {
    const stop = new AbortController();
    const approvals = channel((t) => {
      void m?.g.gate.approve(t.id, ALICE).then(() => stop.abort(new Error('stopped')));
    });
    m = await startMcp({ confirm: 'discord', approvalChannel: approvals });
    const pending = m.call('place_order', ORDER, { signal: stop.signal });
    await expect(pending).rejects.toThrow(/stop/);
    await vi.waitFor(() => expect(m?.g.placements).toHaveLength(1));
    const [ticket] = approvals.posted;
    expect(m.g.gate.get(ticket?.id ?? '')?.status).not.toBe('DECLINED');
  });
});
