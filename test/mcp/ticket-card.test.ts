import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { MODERN } from './http-client.js';
import { type MockServerOptions, startMcpOverMock } from './mock-harness.js';
import { closeAfterEach, type HttpDesk, modernClient, startHttpDesk } from './modern-harness.js';

const UI = { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } };
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
const NO_PEOPLE = {
  directory: { byId: async () => undefined, refresh: async () => undefined },
  fourEyes: false,
};

const closeLater = closeAfterEach();

async function overMock(o: MockServerOptions) {
  const m = await startMcpOverMock({ readOnly: false, ...o });
  closeLater(m);
  return m;
}

/** A 2026-07-28 client that declares MCP Apps, as a host that shows the card does. */
async function appHost(desk: HttpDesk): Promise<Client> {
  const client = new Client(
    { name: 'card-host', version: '1.0.0' },
    { capabilities: { extensions: UI }, versionNegotiation: { mode: { pin: MODERN } } },
  );
  await client.connect(new StreamableHTTPClientTransport(new URL(desk.http.url)));
  closeLater(client);
  return client;
}

type Data = Record<string, unknown>;
const data = (result: { structuredContent?: unknown }): Data => result.structuredContent as Data;
const text = (result: { content?: unknown }): string =>
  ((result.content as { type: string; text?: string }[] | undefined) ?? [])
    .map((c) => c.text ?? '')
    .join('\n');

/** The audit log's refused decisions, as code and path. */
async function refusals(desk: HttpDesk): Promise<{ code: unknown; path: unknown }[]> {
  return (await desk.g.auditEntries())
    .filter((e) => e.event === 'decision_refused')
    .map((e) => ({ code: (e.data as Data).code, path: (e.data as Data).path }));
}

describe('the order card: listing', () => {
  it('adds the card and its tools only for a client with apps, and keeps tools/list at most 1,300 characters a tool', async () => {
    const plain = await overMock({ confirm: 'tool', people: NO_PEOPLE });
    const apps = await overMock({ confirm: 'tool', people: NO_PEOPLE, apps: true });
    const plainTools = (await plain.client.listTools()).tools;
    const appTools = (await apps.client.listTools()).tools;
    expect(appTools.length).toBe(plainTools.length + 2);
    // Its longest form: a people file, tool confirmation, and a client with apps.
    expect(JSON.stringify({ tools: appTools }).length / appTools.length).toBeLessThanOrEqual(1_300);
    const plainResources = (await plain.client.listResources()).resources.map((r) => r.uri);
    expect(plainResources).not.toContain('ui://omsdesk/ticket');
    const listed = (await apps.client.listResources()).resources.find((r) => r.uri === 'ui://omsdesk/ticket');
    expect(listed?.mimeType).toBe('text/html;profile=mcp-app');
  });

  it('serves one self-contained document whose CSP lets it reach nowhere', async () => {
    const apps = await overMock({ apps: true });
    const read = await apps.client.readResource({ uri: 'ui://omsdesk/ticket' });
    const content = read.contents[0] as unknown as {
      text: string;
      mimeType: string;
      _meta: { ui: { csp: Data } };
    };
    expect(content.mimeType).toBe('text/html;profile=mcp-app');
    expect(content._meta.ui.csp).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [] });
    const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(content.text)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'none'");
    expect(csp).not.toContain('unsafe');
    // No script, style, image or frame from anywhere else.
    expect(content.text).not.toMatch(/<(script|link|img|iframe)[^>]+(src|href)=/i);
  });
});

describe('the order card: deciding (2026-07-28, a real gate)', () => {
  it('confirms once with the hash the card showed; a stale hash, a replay and an expired ticket are refused, audited, and place nothing', async () => {
    const desk = closeLater(await startHttpDesk({ ttlMs: 60_000 }));
    const host = await appHost(desk);
    const placed = await host.callTool({ name: 'place_order', arguments: ORDER });
    expect(data(placed)).toMatchObject({ status: 'PENDING', confirmation: 'app' });
    const id = data(placed).ticketId as string;
    const card = await host.callTool({ name: 'ticket_card', arguments: { ticket_id: id } });
    const shown = data(card).card as { ticket: { hash: string }; mayDecide: boolean };
    expect(shown.mayDecide).toBe(true);
    const decide = (hash: string) =>
      host.callTool({ name: 'decide_on_card', arguments: { ticket_id: id, hash, decision: 'confirm' } });

    const stale = await decide('0'.repeat(64));
    expect(stale.isError).toBe(true);
    expect(text(stale)).toContain('another version of ticket');
    expect(await desk.brokerOrders()).toBe(0);

    const confirmed = await decide(shown.ticket.hash);
    expect(confirmed.isError).toBeFalsy();
    expect(data(confirmed).orderNumbers).toHaveLength(1);
    const replay = await decide(shown.ticket.hash);
    expect(replay.isError).toBe(true);
    expect(text(replay)).toContain('a ticket is decided once');
    expect(await desk.brokerOrders()).toBe(1);

    const late = await host.callTool({ name: 'place_order', arguments: ORDER });
    const lateCard = data(
      await host.callTool({ name: 'ticket_card', arguments: { ticket_id: data(late).ticketId } }),
    );
    await desk.g.clock.advance(61_000);
    const expired = await host.callTool({
      name: 'decide_on_card',
      arguments: {
        ticket_id: data(late).ticketId,
        hash: (lateCard.card as { ticket: { hash: string } }).ticket.hash,
        decision: 'confirm',
      },
    });
    expect(expired.isError).toBe(true);
    expect(text(expired)).toContain('expired');
    expect(await desk.brokerOrders()).toBe(1);
    expect(await refusals(desk)).toEqual([
      { code: 'TICKET_TAMPERED', path: 'app' },
      { code: 'TICKET_DECIDED', path: 'app' },
      { code: 'TICKET_EXPIRED', path: 'app' },
    ]);
  });

  it('places once when the card is pressed many times at once: the other presses are refused and audited', async () => {
    const desk = closeLater(await startHttpDesk());
    const host = await appHost(desk);
    const placed = data(await host.callTool({ name: 'place_order', arguments: ORDER }));
    const card = data(
      await host.callTool({ name: 'ticket_card', arguments: { ticket_id: placed.ticketId } }),
    );
    const hash = (card.card as { ticket: { hash: string } }).ticket.hash;
    const presses = await Promise.all(
      Array.from({ length: 5 }, () =>
        host.callTool({
          name: 'decide_on_card',
          arguments: { ticket_id: placed.ticketId, hash, decision: 'confirm' },
        }),
      ),
    );
    expect(presses.filter((p) => !p.isError)).toHaveLength(1);
    expect(await desk.brokerOrders()).toBe(1);
    expect(await refusals(desk)).toEqual(Array(4).fill({ code: 'TICKET_DECIDED', path: 'app' }));
  });

  it('refuses the card a ticket waiting for another way (the form), and a client without apps its tools', async () => {
    const desk = closeLater(await startHttpDesk());
    // The person keeps the form open until the test has tried the card, then declines.
    let asked: () => void = () => undefined;
    let release: () => void = () => undefined;
    const formAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const person = async () => {
      asked();
      await released;
      return { action: 'decline' as const };
    };
    const formClient = closeLater(await modernClient(desk.http.url, person));
    const host = await appHost(desk);
    const pending = formClient.callTool({ name: 'place_order', arguments: ORDER });
    await formAsked;
    const waiting = desk.g.gate.list()[0];
    expect(waiting?.waitsFor).toBe('elicitation');
    const elsewhere = await host.callTool({
      name: 'decide_on_card',
      arguments: { ticket_id: waiting?.id, hash: waiting?.hash, decision: 'confirm' },
    });
    expect(elsewhere.isError).toBe(true);
    expect(await refusals(desk)).toEqual([{ code: 'TICKET_NOT_FOUND', path: 'app' }]);
    const plain = closeLater(await modernClient(desk.http.url));
    await expect(
      plain.callTool({
        name: 'decide_on_card',
        arguments: { ticket_id: waiting?.id, hash: waiting?.hash, decision: 'confirm' },
      }),
    ).rejects.toThrow(/decide_on_card/);
    release();
    await pending;
    expect(await desk.brokerOrders()).toBe(0);
  });
});
