import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { browserPerFile } from '../helpers/browser.js';
import { startTeam, type Team } from '../people/harness.js';
import { audited, deskAs, issuer, pendingTicket, simOrders } from './desk-harness.js';

const ORDER = {
  instrument: 'RELIANCE',
  side: 'BUY',
  quantity: 1,
  product: 'C',
  remarks: '<img src=x onerror=alert(1)>',
};

let team: Team | undefined;
const { browser, closing } = browserPerFile(async () => {
  await team?.close();
  team = undefined;
});

describe('the web desk: approvers decide tickets asked for over MCP, everyone watches', () => {
  it('an approver approves a ticket another person asked for: one order at the broker, the requester refused under four-eyes, a viewer sees it live without buttons', async () => {
    team = await startTeam({ signIn: { desk: {} } });
    const t = team;
    // Uma, an approver, asks over MCP: under four-eyes another approver decides.
    const uma = await t.legacy((await t.issue('uma')).token);
    const asked = uma.callTool({ name: 'place_order', arguments: ORDER }).catch((error: unknown) => error);
    const id = await pendingTicket(t);

    const meena = await deskAs(browser, t, 'meena', closing);
    const ravi = await deskAs(browser, t, 'ravi', closing);
    const own = await deskAs(browser, t, 'uma', closing);
    const trader = await deskAs(browser, t, 'asha', closing);

    // Everyone sees the ticket waiting, with who asked and from where; only approvers have buttons.
    await ravi.page.getByRole('link', { name: `Ticket ${id}` }).waitFor();
    await ravi.page.getByText('uma, from an assistant over MCP').first().waitFor();
    await meena.page.getByRole('link', { name: `Ticket ${id}` }).waitFor();
    expect(await meena.page.getByRole('button', { name: /Approve|Decline|Halt/ }).count()).toBe(0);
    expect(await meena.page.locator('img[src=x]').count()).toBe(0);

    // The requester has no button for her own ticket; a post of one anyway is refused by four-eyes.
    expect(await own.page.getByRole('button', { name: `Approve ticket ${id}` }).count()).toBe(0);
    const refused = await postAs(own.page, `/tickets/${id}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain('four-eyes');
    // A trader is no approver.
    expect(await trader.page.getByRole('button', { name: /Approve/ }).count()).toBe(0);
    const notApprover = await postAs(trader.page, `/tickets/${id}/approve`);
    expect([notApprover.status, notApprover.text.includes('not an approver')]).toEqual([403, true]);
    expect(await simOrders(t)).toHaveLength(0);

    // Pictures of the desk and of a ticket's page for the docs, from this run.
    await ravi.page.screenshot({ path: 'assets/web-desk.png', fullPage: true });
    const ticketPage = await ravi.context.newPage();
    await ticketPage.goto(`${issuer(t)}/tickets/${id}`);
    await ticketPage.getByRole('heading', { name: 'Its life' }).waitFor();
    await ticketPage.screenshot({ path: 'assets/web-ticket.png', fullPage: true });
    await ticketPage.close();

    // The approver approves on the page, with the keyboard alone: the call returns the outcome and
    // exactly one order leaves.
    await tabTo(ravi.page, `Approve ticket ${id}`);
    await ravi.page.keyboard.press('Enter');
    await ravi.page.getByRole('heading', { name: `Ticket ${id}`, exact: true }).waitFor();
    await ravi.page.getByText(/Status: (PLACED|COMPLETE)/).waitFor();
    const result = (await asked) as { structuredContent?: { status?: string } };
    expect(['PLACED', 'COMPLETE']).toContain(result.structuredContent?.status);
    expect(await simOrders(t)).toHaveLength(1);

    // The viewer's page, never reloaded, shows the order once the order watcher sees it.
    await t.watcher?.poll();
    await meena.page.getByRole('cell', { name: id }).waitFor();
    await meena.page.getByText('No ticket is waiting.').waitFor();
    expect(await meena.page.getByRole('button', { name: /Approve|Decline|Halt/ }).count()).toBe(0);

    const approved = await audited(t, 'approved');
    expect(approved.map((e) => e.actor)).toEqual([
      expect.objectContaining({ channel: 'web', person: 'ravi' }),
    ]);
    const refusals = await audited(t, 'decision_refused');
    expect(refusals.map((e) => [e.ticket, e.actor?.channel, e.actor?.person])).toEqual([
      [id, 'web', 'uma'],
      [id, 'web', 'asha'],
    ]);
    // A viewer's post of an approval, and a second post of the same form, change nothing.
    const viewer = await postAs(meena.page, `/tickets/${id}/approve`);
    expect(viewer.status).toBe(409);
    expect(await simOrders(t)).toHaveLength(1);
  });

  it('a forged cross-site POST (a page on 127.0.0.2 auto-submitting a form) places nothing', async () => {
    team = await startTeam({ signIn: { desk: {} } });
    const t = team;
    const asha = await t.legacy((await t.issue('asha')).token);
    void asha.callTool({ name: 'place_order', arguments: ORDER }).catch(() => undefined);
    const id = await pendingTicket(t);
    const ravi = await deskAs(browser, t, 'ravi', closing);
    const target = `${issuer(t)}/tickets/${id}/approve`;
    // The desk's pages allow only their own script and style: nothing inline, nothing from elsewhere.
    const page0 = await ravi.context.request.get(`${issuer(t)}/desk`);
    expect(page0.headers()['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(await page0.text()).not.toMatch(/<script>|style=|https?:\/\/(?!127\.0\.0\.1)/);
    const evil = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(
        `<!doctype html><form id="f" method="post" action="${target}"><input name="csrf" value="guess"><input name="form" value="x"></form><script>document.getElementById('f').submit()</script>`,
      );
    });
    evil.listen(0, '127.0.0.2');
    await once(evil, 'listening');
    closing.push(() => new Promise((resolve) => evil.close(resolve)));
    const page = await ravi.context.newPage();
    await page.goto(`http://127.0.0.2:${(evil.address() as AddressInfo).port}/`);
    await page.getByRole('heading', { name: /Signed out|Request refused/ }).waitFor();
    expect(await simOrders(t)).toHaveLength(0);
    expect(t.d.g.gate.get(id)?.status).toBe('PENDING');
    expect((await audited(t, 'web_refused')).map((e) => (e.data as { action?: string }).action)).toContain(
      'approve',
    );

    // The same approval with a missing token from the desk's own origin is refused too.
    const forged = await ravi.page.evaluate(async (url) => {
      const r = await fetch(url, { method: 'POST', body: new URLSearchParams({ form: 'y' }) });
      return { status: r.status, text: await r.text() };
    }, target);
    expect([forged.status, forged.text.includes('anti-forgery')]).toEqual([403, true]);
    expect(await simOrders(t)).toHaveLength(0);
  });
});

/** Presses Tab until the control with this accessible name has the focus (bounded). */
async function tabTo(page: import('playwright-core').Page, label: string): Promise<void> {
  for (let n = 0; n < 40; n++) {
    await page.keyboard.press('Tab');
    const focused = await page
      .locator(':focus')
      .evaluate((el) => el.getAttribute('aria-label') ?? el.textContent ?? '');
    if (focused === label) return;
  }
  throw new Error(`${label} is not reachable with the keyboard`);
}

/** Posts a desk form from a signed-in page, as its own form would (the session's token, a fresh form id). */
async function postAs(
  page: import('playwright-core').Page,
  path: string,
): Promise<{ status: number; text: string }> {
  const csrf = await page.locator('input[name=csrf]').first().getAttribute('value');
  return page.evaluate(
    async ({ path, csrf }) => {
      const r = await fetch(path, {
        method: 'POST',
        body: new URLSearchParams({ csrf: csrf ?? '', form: `f${Math.random()}` }),
      });
      return { status: r.status, text: await r.text() };
    },
    { path, csrf },
  );
}
