import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserPerFile } from '../helpers/browser.js';
import { restingBuy } from '../helpers/resting-order.js';
import { RAVI_U, startTeam, type Team } from '../people/harness.js';
import { audited, deskAs, issuer, pendingTicket, simOrders } from './desk-harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let team: Team | undefined;
const { browser, closing } = browserPerFile(async () => {
  await team?.close();
  team = undefined;
});

/** Posts raw form text from a signed-in page (or none of its token), as a script on that page could. */
function post(page: Page, path: string, body: string, type = 'application/x-www-form-urlencoded') {
  return page.evaluate(
    async ({ path, body, type }) => {
      const r = await fetch(path, { method: 'POST', headers: { 'content-type': type }, body });
      return { status: r.status, text: await r.text() };
    },
    { path, body, type },
  );
}

const csrfOf = async (page: Page): Promise<string> =>
  (await page.locator('input[name=csrf]').first().getAttribute('value')) ?? '';

describe('the web desk holds against bad input and ended credentials', () => {
  it('a halt from the page stops an approval in flight; a trader cannot halt; resume from the page; all audited as web', async () => {
    team = await startTeam({ signIn: { desk: {} }, proxy: true });
    const t = team;
    const proxy = t.d.g.proxy;
    if (proxy === undefined) throw new Error('no proxy');
    const vik = await t.legacy((await t.issue('vik')).token);
    const asked = vik.callTool({ name: 'place_order', arguments: ORDER }).catch((error: unknown) => error);
    const id = await pendingTicket(t);
    const ravi = await deskAs(browser, t, 'ravi', closing);
    const uma = await deskAs(browser, t, 'uma', closing);
    const asha = await deskAs(browser, t, 'asha', closing);

    // The approval's re-check waits on the broker's quote while the halt comes from another approver.
    proxy.hold((path) => path === '/apiV2/getQuotes');
    const approving = ravi.page.getByRole('button', { name: `Approve ticket ${id}` }).click();
    await proxy.until(() => proxy.held() > 0);
    await uma.page.getByLabel('Why (for the team)').fill('<img src=x onerror=alert(1)>');
    await uma.page.getByRole('button', { name: 'Halt trading' }).click();
    await uma.page.getByRole('heading', { name: 'Trading halted' }).waitFor();
    await uma.page.getByText('No order was on its way to the broker when the halt took hold.').waitFor();
    await uma.page
      .getByText('Trading is halted by uma, from the web desk: <img src=x onerror=alert(1)>.')
      .waitFor();
    expect(await uma.page.locator('img[src=x]').count()).toBe(0);
    proxy.release();
    await approving;
    await ravi.page.getByRole('heading', { name: 'Not approved' }).waitFor();
    await asked;
    expect(await simOrders(t)).toHaveLength(0);
    expect(t.d.g.gate.get(id)?.status).toBe('REFUSED');

    // A trader's halt is refused and recorded; the desk shows traders no such button.
    expect(await asha.page.getByRole('button', { name: /Halt trading|Resume trading/ }).count()).toBe(0);
    const halt = await post(asha.page, '/desk/halt', `csrf=${await csrfOf(asha.page)}&form=h1`);
    expect([halt.status, halt.text.includes('only approvers halt')]).toEqual([403, true]);

    // Uma's desk, never reloaded, offers resuming; resuming from it is recorded.
    await uma.page.goto(`${issuer(t)}/desk`);
    await uma.page.getByRole('button', { name: 'Resume trading' }).click();
    await uma.page.getByText('Trading is on').waitFor();
    expect((await audited(t, 'kill_switch_on')).map((e) => [e.actor?.channel, e.actor?.person])).toEqual([
      ['web', 'uma'],
    ]);
    expect((await audited(t, 'kill_switch_off')).map((e) => [e.actor?.channel, e.actor?.person])).toEqual([
      ['web', 'uma'],
    ]);
    expect(
      (await audited(t, 'web_refused')).map((e) => [e.actor?.person, (e.data as { action?: string }).action]),
    ).toContainEqual(['asha', 'halt']);
  });

  it('refuses a replayed post, a huge or odd body and a signed-out post with a page each, placing nothing; a revoked token ends the session and its live stream', async () => {
    team = await startTeam({ signIn: { desk: {} } });
    const t = team;
    const vik = await t.legacy((await t.issue('vik')).token);
    void vik.callTool({ name: 'place_order', arguments: ORDER }).catch(() => undefined);
    const id = await pendingTicket(t);
    const ravi = await deskAs(browser, t, 'ravi', closing);
    const csrf = await csrfOf(ravi.page);
    const path = `/tickets/${id}/decline`;

    const huge = await post(ravi.page, path, `csrf=${csrf}&form=a&pad=${'x'.repeat(100_000)}`);
    expect([huge.status, huge.text.includes('not a small form')]).toEqual([413, true]);
    const odd = await post(ravi.page, path, JSON.stringify({ csrf, form: 'b' }), 'application/json');
    expect(odd.status).toBe(413);
    expect(t.d.g.gate.get(id)?.status).toBe('PENDING');

    // The first post of a form counts; the same form again is refused.
    const first = await post(ravi.page, path, `csrf=${csrf}&form=c`);
    expect(first.status).toBe(200);
    expect(t.d.g.gate.get(id)?.status).toBe('DECLINED');
    const again = await post(ravi.page, path, `csrf=${csrf}&form=c`);
    expect([again.status, again.text.includes('already sent once')]).toEqual([409, true]);
    // A decided ticket: refused with the gate's reason.
    const decided = await post(ravi.page, `/tickets/${id}/approve`, `csrf=${csrf}&form=d`);
    expect([decided.status, decided.text.includes('already DECLINED')]).toEqual([409, true]);
    expect(await simOrders(t)).toHaveLength(0);

    // Meena's token revoked while her desk is open: the next change ends her stream and her session.
    const meena = await deskAs(browser, t, 'meena', closing);
    await t.revoke(meena.tokenId);
    void vik.callTool({ name: 'place_order', arguments: ORDER }).catch(() => undefined);
    await meena.page.waitForURL(/\/sign-in/);
    // Her browser still sends whatever cookie it has: the post is refused as signed out.
    const signedOut = await meena.context.request.post(`${issuer(t)}${path}`, {
      form: { csrf: 'x', form: 'e' },
      headers: { origin: issuer(t) },
    });
    expect([signedOut.status(), (await signedOut.text()).includes('Signed out')]).toEqual([401, true]);

    const reasons = (await audited(t, 'web_refused')).map((e) => (e.data as { reason: string }).reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        'a huge or odd form body',
        'replayed or double-submitted post',
        expect.stringContaining('already DECLINED'),
        expect.stringContaining('no session'),
      ]),
    );
  });

  it("an approver's halt that also cancels pulls every working order, each named on the page; none is left open", async () => {
    team = await startTeam({ signIn: { desk: {} } });
    const t = team;
    const client = t.d.g.client;
    const resting = await restingBuy(client);
    const placed = await client.placeOrders(Array.from({ length: 5 }, () => resting));
    const working = async () =>
      (await client.getOrderBook({ lane: 'placement' })).filter((o) => o.status === 'OPEN').length;
    expect(await working()).toBe(5);

    const uma = await deskAs(browser, t, 'uma', closing);
    const box = uma.page.getByRole('checkbox', { name: 'Also cancel every working order' });
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await uma.page.getByRole('button', { name: 'Halt trading' }).click();
    await uma.page.getByRole('heading', { name: 'Trading halted' }).waitFor();
    const shown = (await uma.page.locator('body').textContent()) ?? '';
    const numbers = placed.flatMap((r) => (r.ok ? [r.orderNumber] : []));
    expect(numbers).toHaveLength(5);
    // Each is named with what became of it: cancelled, or filled first (the paper market moves).
    const ended = numbers.map((n) => new RegExp(`Order ${n}: (cancelled|filled)\\.`).exec(shown)?.[1]);
    const cancelled = ended.filter((o) => o === 'cancelled').length;
    expect(
      ended.every((o) => o !== undefined),
      shown,
    ).toBe(true);
    expect(shown).toContain(`It cancelled ${cancelled} of 5 working orders:`);
    expect(await working()).toBe(0);
    expect((await audited(t, 'order_cancel')).map((e) => e.actor?.person)).toEqual(Array(5).fill('uma'));
  });

  it('signs a person in through Discord, linked in the people file', async () => {
    team = await startTeam({ signIn: { desk: {} } });
    const t = team;
    t.d.fake.oauth.signedInAs = RAVI_U.id;
    const context = await browser.newContext();
    closing.push(() => context.close());
    const page = await context.newPage();
    page.setDefaultTimeout(5_000);
    await page.goto(`${issuer(t)}/desk`);
    await page.getByRole('button', { name: 'Sign in with Discord' }).click();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await page.getByRole('heading', { name: 'Desk', exact: true }).waitFor();
    await page.getByText('Signed in as ravi (approver)').waitFor();
    await page.getByRole('button', { name: 'Halt trading' }).waitFor();
  });
});
