import { describe, expect, it } from 'vitest';
import type { ApprovalChannel, Ticket } from '../../src/core/gate/index.js';
import { ALICE } from '../core/gate/harness.js';
import { dataOf, textOf } from './harness.js';
import { closeAfterEach, modernClient, startHttpDesk } from './modern-harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

const open = closeAfterEach();

/** An approval channel that shows tickets to nobody: the test decides through the gate, as an approver's click does. */
function channel(posted: Ticket[]): ApprovalChannel {
  return {
    name: 'discord',
    async post(ticket) {
      posted.push(ticket);
    },
  };
}

describe('a ticket waiting for a Discord approver, in 2026-07-28', () => {
  it('answers PENDING within the patience, says how to follow it, and the assistant learns the outcome by subscription and by get_order_status', async () => {
    const posted: Ticket[] = [];
    const desk = open(
      await startHttpDesk({
        confirm: 'discord',
        approvalChannel: channel(posted),
        timings: { approverWaitMs: 100 },
      }),
    );
    const client = open(await modernClient(desk.http.url));
    const progress: string[] = [];
    const result = await client.callTool(
      { name: 'place_order', arguments: ORDER },
      { onprogress: (p) => progress.push(p.message ?? '') },
    );
    const data = dataOf<{ status: string; ticketId: string; nextStep: string }>(result);
    // Progress rides the request's own stream: no session is needed to hear it.
    expect(progress[0]).toMatch(/waiting for an approver in discord .*ticket T\w{8}/);
    expect(result.isError).toBeFalsy();
    expect(data.status).toBe('PENDING');
    expect(posted.map((t) => t.id)).toEqual([data.ticketId]);
    const uri = `omsdesk://tickets/${data.ticketId}`;
    expect(data.nextStep).toContain(`get_order_status ticket_id ${data.ticketId}`);
    expect(textOf(result)).toContain(uri);
    // The call ended, the ticket did not: it still waits for its approver.
    expect(desk.g.gate.get(data.ticketId)?.status).toBe('PENDING');

    const told: string[] = [];
    let updated: () => void = () => undefined;
    const firstUpdate = new Promise<void>((resolve) => {
      updated = resolve;
    });
    client.setNotificationHandler('notifications/resources/updated', (n) => {
      told.push(n.params.uri);
      updated();
    });
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([uri]);

    await desk.g.gate.approve(data.ticketId, ALICE);
    await firstUpdate;
    expect(told[0]).toBe(uri);
    const read = await client.readResource({ uri });
    const first = read.contents[0];
    const ticket = JSON.parse(first && 'text' in first ? first.text : '{}') as {
      status: string;
      orderNumbers: string[];
    };
    expect(['PLACED', 'COMPLETE']).toContain(ticket.status);
    expect(ticket.orderNumbers).toHaveLength(1);

    const status = await client.callTool({
      name: 'get_order_status',
      arguments: { ticket_id: data.ticketId },
    });
    const followed = dataOf<{ ticket: { status: string }; orders: unknown[] }>(status);
    expect(['PLACED', 'COMPLETE']).toContain(followed.ticket.status);
    expect(followed.orders).toHaveLength(1);
    expect(desk.g.placements).toHaveLength(1);
    await subscription.close();
  });

  it('answers with the decision when the approver decides within the patience', async () => {
    const posted: Ticket[] = [];
    const approving: ApprovalChannel = {
      name: 'discord',
      async post(ticket) {
        posted.push(ticket);
        setImmediate(() => void desk.g.gate.decline(ticket.id, ALICE, 'not today'));
      },
    };
    const desk = open(await startHttpDesk({ confirm: 'discord', approvalChannel: approving }));
    const client = open(await modernClient(desk.http.url));
    const result = await client.callTool({ name: 'place_order', arguments: ORDER });
    expect(dataOf<{ status: string }>(result).status).toBe('DECLINED');
    expect(desk.g.placements).toHaveLength(0);
  });
});
