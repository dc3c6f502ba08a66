import { afterEach, describe, expect, it } from 'vitest';
import { textOf } from '../mcp/harness.js';
import { startTeam, type Team } from './harness.js';

let team: Team | undefined;
afterEach(async () => {
  await team?.close();
  team = undefined;
});

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

/** The orders the paper broker itself holds: what reached the market. */
async function ordersAtBroker(t: Team): Promise<number> {
  const answer = await t.d.g.h.post('/_sim/orders', undefined, { method: 'GET' });
  const body = answer.json as unknown[] | { orders: unknown[] };
  return (Array.isArray(body) ? body : body.orders).length;
}

describe('a team without the Discord desk: whoami promises only what this omsdesk offers', () => {
  it("tells an approver approving is not offered here, where their confirm_order on another's ticket is refused", async () => {
    team = await startTeam({ cards: false, confirm: 'tool', fourEyes: false });
    const asha = await team.modern((await team.issue('asha')).token);
    const ravi = await team.modern((await team.issue('ravi')).token);
    const me = textOf(await ravi.callTool({ name: 'whoami', arguments: {} }));
    expect(me).not.toMatch(/You may [^\n]*approve/);
    expect(me).not.toMatch(/You may [^\n]*halt/);
    expect(me).toContain(
      'Your role would let you approve other people’s orders: no Discord approvals channel runs in this omsdesk',
    );
    expect(me).toContain(
      'Your role would let you halt and resume trading: they are Discord commands (/halt, /resume), and no Discord desk',
    );

    // What whoami says is so: the approver cannot approve Asha's ticket here.
    const ticket = await asha.callTool({ name: 'place_order', arguments: ORDER });
    const { ticketId } = ticket.structuredContent as { ticketId: string };
    const tried = await ravi.callTool({ name: 'confirm_order', arguments: { ticket_id: ticketId } });
    expect(tried.isError).toBe(true);
    expect(textOf(tried)).toMatch(/only they confirm it/);
    expect(await ordersAtBroker(team)).toBe(0);
  });

  it('tells a trader under four-eyes that asking for orders is not offered here, where every order is refused', async () => {
    team = await startTeam({ cards: false, confirm: 'tool', fourEyes: true });
    const asha = await team.modern((await team.issue('asha')).token);
    const me = textOf(await asha.callTool({ name: 'whoami', arguments: {} }));
    expect(me).toContain('You may read the account, the market and the order books.');
    expect(me).toContain(
      'Your role would let you ask for orders: four-eyes (OMSDESK_DISCORD_FOUR_EYES) needs another approver',
    );
    const refused = await asha.callTool({ name: 'place_order', arguments: ORDER });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/four-eyes is on/);
    expect(await ordersAtBroker(team)).toBe(0);
  });
});
