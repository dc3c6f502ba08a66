import {
  Client as ModernClient,
  StreamableHTTPClientTransport as ModernTransport,
} from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it, vi } from 'vitest';
import { browserPerFile } from '../helpers/browser.js';
import { MODERN } from '../mcp/http-client.js';
import { startTeam, type Team } from '../people/harness.js';
import { audited, deskAs, issuer, pendingTicket, simOrders } from './desk-harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let team: Team | undefined;
const { browser, closing } = browserPerFile(async () => {
  await team?.close();
  team = undefined;
});

/** A 2025-11-25 client that opens links (URL-mode elicitation): it agrees to each and keeps the URL. */
async function linkClient(t: Team, token: string) {
  const links: string[] = [];
  const client = new Client(
    { name: 'link-test', version: '1' },
    { capabilities: { elicitation: { form: {}, url: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, (request) => {
    const params = request.params as { mode?: string; url?: string };
    if (params.mode !== 'url' || params.url === undefined) return { action: 'decline' };
    links.push(params.url);
    return { action: 'accept' };
  });
  const transport = new StreamableHTTPClientTransport(new URL(t.http.url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  closing.push(() => client.close());
  return { client, links };
}

describe('confirmation by link (OMSDESK_CONFIRM=web)', () => {
  it('URL-mode elicitation: the requester confirms on the ticket’s page, signed in as herself, and the call returns the outcome; someone else is refused', async () => {
    team = await startTeam({ signIn: { desk: {} }, fourEyes: false, confirm: 'web' });
    const t = team;
    const asha = await deskAs(browser, t, 'asha', closing);
    const vik = await deskAs(browser, t, 'vik', closing);
    const { client, links } = await linkClient(t, (await t.issue('asha')).token);
    const asked = client
      .callTool({ name: 'place_order', arguments: ORDER })
      .catch((error: unknown) => error) as Promise<{ structuredContent?: Record<string, unknown> }>;
    const id = await pendingTicket(t);
    await vi.waitFor(() => expect(links).toHaveLength(1), { timeout: 5_000, interval: 20 });
    expect(links).toEqual([`${issuer(t)}/tickets/${id}`]);
    expect(t.d.g.gate.get(id)?.waitsFor).toBe('web');

    // Vik, signed in as himself, has no button on Asha's ticket, and his post is refused.
    await vik.page.goto(links[0] as string);
    await vik.page.getByRole('heading', { name: `Ticket ${id}`, exact: true }).waitFor();
    expect(await vik.page.getByRole('button', { name: /Confirm|Decline/ }).count()).toBe(0);
    const csrf = (await vik.page.locator('input[name=csrf]').first().getAttribute('value')) ?? '';
    const refused = await vik.page.evaluate(
      async ({ path, csrf }) => {
        const r = await fetch(path, { method: 'POST', body: new URLSearchParams({ csrf, form: 'v1' }) });
        return { status: r.status, text: await r.text() };
      },
      { path: `/tickets/${id}/approve`, csrf },
    );
    expect([refused.status, refused.text.includes('only they confirm it')]).toEqual([403, true]);
    expect(await simOrders(t)).toHaveLength(0);

    // Asha confirms on the page: the assistant's call returns the outcome.
    await asha.page.goto(links[0] as string);
    await asha.page.getByRole('button', { name: `Confirm ticket ${id}` }).click();
    await asha.page.getByText(/Status: (PLACED|COMPLETE)/).waitFor();
    const result = await asked;
    expect(['PLACED', 'COMPLETE']).toContain(result.structuredContent?.status);
    expect(result.structuredContent?.confirmation).toBe('web');
    expect(await simOrders(t)).toHaveLength(1);
    expect((await audited(t, 'approved')).map((e) => [e.actor?.channel, e.actor?.person])).toEqual([
      ['web', 'asha'],
    ]);
    expect(
      (await audited(t, 'decision_refused')).map((e) => [e.ticket, e.actor?.channel, e.actor?.person]),
    ).toEqual([[id, 'web', 'vik']]);
  });

  it('2026-07-28: the same link inside an input-required round; the retry returns the outcome decided on the page', async () => {
    team = await startTeam({ signIn: { desk: {} }, fourEyes: false, confirm: 'web' });
    const t = team;
    const asha = await deskAs(browser, t, 'asha', closing);
    const links: string[] = [];
    const client = new ModernClient(
      { name: 'modern-link-test', version: '1.0.0' },
      { capabilities: { elicitation: { form: {}, url: {} } }, versionNegotiation: { mode: { pin: MODERN } } },
    );
    client.setRequestHandler('elicitation/create', (request) => {
      const params = request.params as { mode?: string; url?: string };
      if (params.mode !== 'url' || params.url === undefined) return { action: 'decline' };
      links.push(params.url);
      return { action: 'accept' };
    });
    await client.connect(
      new ModernTransport(new URL(t.http.url), {
        requestInit: { headers: { authorization: `Bearer ${(await t.issue('asha')).token}` } },
      }),
    );
    closing.push(() => client.close());
    const asked = client
      .callTool({ name: 'place_order', arguments: ORDER })
      .catch((error: unknown) => error) as Promise<{
      structuredContent?: Record<string, unknown>;
    }>;
    await vi.waitFor(() => expect(links).toHaveLength(1), { timeout: 5_000, interval: 20 });
    const id = await pendingTicket(t);
    expect(links).toEqual([`${issuer(t)}/tickets/${id}`]);
    await asha.page.goto(links[0] as string);
    await asha.page.getByRole('button', { name: `Confirm ticket ${id}` }).click();
    const result = await asked;
    expect(['PLACED', 'COMPLETE']).toContain(result.structuredContent?.status);
    expect(result.structuredContent?.confirmation).toBe('web');
    expect(await simOrders(t)).toHaveLength(1);
  });

  it('an assistant that stops waiting withdraws its ticket: the page can no longer confirm it', async () => {
    team = await startTeam({ signIn: { desk: {} }, fourEyes: false, confirm: 'web' });
    const t = team;
    const { client, links } = await linkClient(t, (await t.issue('asha')).token);
    const stop = new AbortController();
    const asked = client
      .callTool({ name: 'place_order', arguments: ORDER }, undefined, { signal: stop.signal })
      .catch((error: unknown) => error);
    await vi.waitFor(() => expect(links).toHaveLength(1), { timeout: 5_000, interval: 20 });
    const id = await pendingTicket(t);
    stop.abort();
    await asked;
    await vi.waitFor(() => expect(t.d.g.gate.get(id)?.status).toBe('DECLINED'), {
      timeout: 5_000,
      interval: 20,
    });
    expect(t.d.g.gate.get(id)?.reason).toContain('stopped waiting');
    expect(await simOrders(t)).toHaveLength(0);
  });

  it('a ticket waiting for the approvers names its page on the desk to a 2026-07-28 assistant that stops waiting', async () => {
    team = await startTeam({ signIn: { desk: {} }, timings: { approverWaitMs: 300 } });
    const t = team;
    const asha = await t.modern((await t.issue('asha')).token);
    const result = (await asha.callTool({ name: 'place_order', arguments: ORDER })) as {
      structuredContent?: Record<string, unknown>;
    };
    const id = String(result.structuredContent?.ticketId);
    expect(result.structuredContent?.status).toBe('PENDING');
    expect(JSON.stringify(result.structuredContent)).toContain(`${issuer(t)}/tickets/${id}`);
  });

  it('a client that cannot open links keeps the form', async () => {
    team = await startTeam({ signIn: { desk: {} }, fourEyes: false, confirm: 'web' });
    const t = team;
    const formOnly = await t.legacy((await t.issue('asha')).token, true);
    const result = (await formOnly.callTool({ name: 'place_order', arguments: ORDER })) as {
      structuredContent?: Record<string, unknown>;
    };
    expect(result.structuredContent?.confirmation).toBe('elicitation');
    expect(await simOrders(t)).toHaveLength(1);
  });
});
