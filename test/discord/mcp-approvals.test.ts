import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfirmMode } from '../../src/mcp/deps.js';
import { createMcpServer } from '../../src/mcp/server.js';
import { APPROVALS_CHANNEL } from '../fakes/discord/ids.js';
import { depsFor, readTicket } from '../mcp/harness.js';
import { ALICE, buttonsOf, CAROL, type DeskHarness, shown, startDesk, textOf } from './harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let d: DeskHarness | undefined;
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  await d?.close();
  client = undefined;
  d = undefined;
});

/** The MCP server of this process on the desk's gate, with the desk as its approval channel. */
async function mcpOn(desk: DeskHarness, mode: ConfirmMode): Promise<Client> {
  const server = createMcpServer(depsFor(desk.g, { confirm: mode, approvalChannel: desk.desk.approvals }));
  const c = new Client({ name: 'omsdesk-test', version: '1.0.0' }, { capabilities: {} });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  await c.connect(clientSide);
  return c;
}

/** The card of the first ticket posted in the approvals channel. */
async function firstCard(desk: DeskHarness): Promise<string> {
  return desk.fake.waitFor(() => {
    const card = desk.fake.messages(APPROVALS_CHANNEL)[0];
    return card && buttonsOf(card).length === 2
      ? /T[A-Z0-9]{8}/.exec(String(card.embeds[0]?.title))?.[0]
      : undefined;
  }, 'an order card from MCP');
}

describe('MCP tickets approved on Discord', () => {
  it('place_order in mode discord waits with progress and returns the placed ticket after a click on its card', async () => {
    d = await startDesk();
    client = await mcpOn(d, 'discord');
    const progress: Progress[] = [];
    const call = client.callTool({ name: 'place_order', arguments: ORDER }, undefined, {
      onprogress: (p) => progress.push(p),
      timeout: 15_000,
    }) as Promise<CallToolResult>;
    const id = await firstCard(d);
    expect(textOf(d.card(id) as never)).toContain('Requested by: the MCP client omsdesk-test');
    await d.fake.ack(d.click(id, 'confirm', ALICE));
    const result = await call;
    const data = result.structuredContent as {
      status: string;
      confirmation: string;
      ticketId: string;
      orderNumbers: string[];
    };
    expect(result.isError).toBeFalsy();
    expect(data.confirmation).toBe('discord');
    expect(['PLACED', 'COMPLETE']).toContain(data.status);
    expect((await readTicket(client, data.ticketId)).decidedBy).toEqual({ channel: 'discord', id: ALICE.id });
    expect(data.orderNumbers).toHaveLength(1);
    expect(progress[0]?.message).toMatch(/waiting for an approver in discord/);
    expect(d.g.placements).toHaveLength(1);
    expect(await d.brokerOrders()).toBe(1);
  });

  it('fails closed when nobody clicks before the ticket expires: nothing placed, and the card says it expired', async () => {
    d = await startDesk();
    client = await mcpOn(d, 'discord');
    const call = client.callTool({ name: 'place_order', arguments: ORDER }, undefined, {
      timeout: 15_000,
    }) as Promise<CallToolResult>;
    const id = await firstCard(d);
    await d.g.clock.advance(121_000);
    const result = await call;
    expect(result.isError).toBe(true);
    expect((result.structuredContent as { status: string }).status).toBe('EXPIRED');
    await d.cardWhere(
      id,
      (c) => /expired: nothing was sent/.test(textOf(c)) && buttonsOf(c).length === 0,
      'expired',
    );
    expect(d.g.placements).toHaveLength(0);
    expect(await d.brokerOrders()).toBe(0);
  });

  it('in mode auto, a client without elicitation gets its ticket approved on Discord', async () => {
    d = await startDesk();
    client = await mcpOn(d, 'auto');
    const call = client.callTool({ name: 'place_order', arguments: ORDER }, undefined, {
      timeout: 15_000,
    }) as Promise<CallToolResult>;
    const id = await firstCard(d);
    await d.fake.ack(d.click(id, 'reject', ALICE));
    const result = await call;
    expect(result.structuredContent).toMatchObject({ status: 'DECLINED', confirmation: 'discord' });
    expect(d.g.placements).toHaveLength(0);
  });

  it('in mode tool, a Discord click naming the ticket is refused and recorded, and confirm_order still places it once', async () => {
    d = await startDesk();
    client = await mcpOn(d, 'tool');
    const preview = (await client.callTool({ name: 'place_order', arguments: ORDER })) as CallToolResult;
    const { ticketId } = preview.structuredContent as { ticketId: string };
    const order = { side: 'BUY', instrument: 'INFY', quantity: 1, price_type: 'MKT' };
    await d.fake.reply(d.run('order', order, CAROL));
    const card = await d.fake.waitFor(() => d?.fake.messages(APPROVALS_CHANNEL)[0], 'a card');
    const refused = await d.fake.reply(
      d.fake.click(card, `confirm:${ticketId}`, { user: ALICE, channelId: APPROVALS_CHANNEL }),
    );
    expect(shown(refused.content)).toContain(
      `ticket ${ticketId} waits for its decision through the assistant's confirm_order call`,
    );
    expect(await d.brokerOrders()).toBe(0);
    const events = (await d.g.auditEntries()).filter((e) => e.ticket === ticketId).map((e) => e.event);
    expect(events).toEqual(['previewed', 'decision_refused']);
    const confirmed = (await client.callTool({
      name: 'confirm_order',
      arguments: { ticket_id: ticketId },
    })) as CallToolResult;
    expect(confirmed.isError).toBeFalsy();
    expect(await d.brokerOrders()).toBe(1);
  });

  it('withdraws the card when the MCP client stops waiting: it says so, and a later click places nothing', async () => {
    d = await startDesk();
    client = await mcpOn(d, 'discord');
    const stop = new AbortController();
    const call = client.callTool({ name: 'place_order', arguments: ORDER }, undefined, {
      signal: stop.signal,
    });
    const id = await firstCard(d);
    stop.abort(new Error('the user pressed stop'));
    await expect(call).rejects.toThrow(/stop/);
    const card = await d.cardWhere(
      id,
      (c) =>
        /Withdrawn: the assistant that asked for it stopped waiting/.test(textOf(c)) &&
        buttonsOf(c).length === 0,
      'withdrawn',
    );
    expect(textOf(card)).toContain('Rejected by the MCP client omsdesk-test');
    expect(d.g.placements).toHaveLength(0);
    expect(await d.brokerOrders()).toBe(0);
  });
});
