import { afterEach, describe, expect, it } from 'vitest';
import { dataOf, type McpHarness, startMcp, textOf } from './harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
let m: McpHarness | undefined;
afterEach(async () => {
  await m?.close();
  m = undefined;
});

/** A preview as a client that shows its model the data alone has it: the hash confirm_order takes is there. */
async function preview(h: McpHarness) {
  const result = await h.call('place_order', ORDER);
  const data = dataOf<{
    status: string;
    ticketId: string;
    confirmation: string;
    summary: string;
    hash: string;
    expiresAt: string;
    nextStep: string;
  }>(result);
  const ticket = await h.ticket(data.ticketId);
  expect(data).toMatchObject({ summary: ticket.summary, hash: ticket.hash, expiresAt: ticket.expiresAt });
  return { result, data };
}

describe('tool confirmation', () => {
  it('previews without sending, then places once confirm_order names the ticket and its hash', async () => {
    m = await startMcp({ confirm: 'tool' });
    const { result, data } = await preview(m);
    expect(result.isError).toBeFalsy();
    expect(data).toMatchObject({ status: 'PENDING', confirmation: 'tool' });
    expect(data.nextStep).toContain(`confirm_order with ticket_id ${data.ticketId} and hash ${data.hash}`);
    expect(m.g.placements).toHaveLength(0);
    const confirmed = await m.call('confirm_order', { ticket_id: data.ticketId, hash: data.hash });
    const after = dataOf<{ status: string; orderNumbers: string[] }>(confirmed);
    expect(confirmed.isError).toBeFalsy();
    expect(['PLACED', 'COMPLETE']).toContain(after.status);
    expect((await m.ticket(data.ticketId)).decidedBy?.channel).toBe('mcp-tool');
    expect(after.orderNumbers).toHaveLength(1);
    expect(m.g.placements).toHaveLength(1);
    expect(await m.brokerOrders()).toBe(1);
  });

  it('confirms a ticket named in any letter case, with its hash in any case, placing it once', async () => {
    m = await startMcp({ confirm: 'tool' });
    const { data } = await preview(m);
    const mixed = `t${data.ticketId.slice(1, 5).toLowerCase()}${data.ticketId.slice(5)}`;
    const confirmed = await m.call('confirm_order', {
      ticket_id: ` ${mixed} `,
      hash: data.hash.toUpperCase(),
    });
    const after = dataOf<{ status: string; ticketId: string }>(confirmed);
    expect(confirmed.isError).toBeFalsy();
    expect(after.ticketId).toBe(data.ticketId);
    expect(['PLACED', 'COMPLETE']).toContain(after.status);
    const again = await m.call('confirm_order', { ticket_id: data.ticketId.toLowerCase() });
    expect(textOf(again)).toMatch(/already decided/);
    expect(m.g.placements).toHaveLength(1);
  });

  it('places nothing for an unknown ticket', async () => {
    m = await startMcp({ confirm: 'tool' });
    const r = await m.call('confirm_order', { ticket_id: 'TAAAAAAAA' });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/no such ticket/);
    expect(m.g.placements).toHaveLength(0);
  });

  it('places nothing for an expired ticket', async () => {
    m = await startMcp({ confirm: 'tool' });
    const { data } = await preview(m);
    await m.g.clock.advance(121_000);
    const r = await m.call('confirm_order', { ticket_id: data.ticketId, hash: data.hash });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/expired/);
    expect(m.g.placements).toHaveLength(0);
    expect(await m.brokerOrders()).toBe(0);
  });

  it('places a replayed confirmation only once', async () => {
    m = await startMcp({ confirm: 'tool' });
    const { data } = await preview(m);
    await m.call('confirm_order', { ticket_id: data.ticketId });
    const again = await m.call('confirm_order', { ticket_id: data.ticketId });
    expect(again.isError).toBe(true);
    expect(textOf(again)).toMatch(/already decided/);
    expect(m.g.placements).toHaveLength(1);
    expect(await m.brokerOrders()).toBe(1);
  });

  it('places nothing when the hash names another payload', async () => {
    m = await startMcp({ confirm: 'tool' });
    const { data } = await preview(m);
    const r = await m.call('confirm_order', { ticket_id: data.ticketId, hash: '0'.repeat(64) });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/different version/);
    expect(m.g.placements).toHaveLength(0);
    expect(await m.brokerOrders()).toBe(0);
  });

  it('will not confirm a ticket that was not previewed for tool confirmation', async () => {
    m = await startMcp({ confirm: 'tool' });
    const ticket = await m.g.gate.preview(
      {
        kind: 'single',
        order: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, priceType: 'MKT', product: 'C' },
      },
      { channel: 'discord', id: 'bob' },
    );
    const r = await m.call('confirm_order', { ticket_id: ticket.id });
    expect(r.isError).toBe(true);
    expect(m.g.gate.get(ticket.id)?.status).toBe('PENDING');
    expect(m.g.placements).toHaveLength(0);
  });

  it('does not let a "confirmed" argument on place_order skip the confirmation', async () => {
    m = await startMcp({ confirm: 'tool' });
    const data = dataOf<{ status: string }>(await m.call('place_order', { ...ORDER, confirmed: true }));
    expect(data.status).toBe('PENDING');
    expect(m.g.placements).toHaveLength(0);
  });
});
