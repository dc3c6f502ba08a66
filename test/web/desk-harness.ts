import type { BrowserContext, Page } from 'playwright-core';
import { vi } from 'vitest';
import type { AuditEntry } from '../../src/core/audit/index.js';
import type { BrowserForTests } from '../helpers/browser.js';
import type { Team } from '../people/harness.js';

/** A person's own browser (cookies are per context), signed in to the web desk with their personal token. */
export async function deskAs(
  browser: BrowserForTests,
  team: Team,
  person: string,
  closing: Array<() => unknown>,
): Promise<{ context: BrowserContext; page: Page; token: string; tokenId: string }> {
  const { token, id: tokenId } = await team.issue(person);
  const context = await browser.newContext();
  closing.push(() => context.close());
  const page = await context.newPage();
  page.setDefaultTimeout(5_000);
  page.on('dialog', () => {
    throw new Error('a page opened a dialog: some text was not escaped');
  });
  await page.goto(`${issuer(team)}/desk`);
  await page.getByLabel('Personal token').fill(token);
  await page.getByRole('button', { name: 'Sign in with this token' }).click();
  await page.getByRole('heading', { name: 'Desk', exact: true }).waitFor();
  return { context, page, token, tokenId };
}

export function issuer(team: Team): string {
  const signIn = team.signIn;
  if (signIn === undefined) throw new Error('the team runs without sign-in');
  return signIn.signIn.issuer;
}

/** The orders the paper broker holds, as its own control view shows them. */
export async function simOrders(team: Team): Promise<unknown[]> {
  const answer = await team.d.g.h.post('/_sim/orders', undefined, { method: 'GET' });
  return answer.json as unknown[];
}

/** Waits (bounded) for the one pending ticket the gate holds, and gives its id. */
export async function pendingTicket(team: Team): Promise<string> {
  const ticket = await vi.waitFor(
    () => {
      const found = team.d.g.gate.list().find((t) => t.status === 'PENDING');
      if (found === undefined) throw new Error('no pending ticket yet');
      return found;
    },
    { timeout: 8_000, interval: 20 },
  );
  return ticket.id;
}

/** Audit entries of one event. */
export async function audited(team: Team, event: string): Promise<AuditEntry[]> {
  return (await team.d.g.auditEntries()).filter((e) => e.event === event);
}
