import type { Person, Role } from '../../core/people/index.js';
import { escapeHtml as e, page } from './html.js';

/** What a grant lets an assistant do, by the person's role. */
const CAN: Readonly<Record<Role, string>> = {
  viewer: 'read the account, the market and the order books, as you can; it cannot ask for orders.',
  trader:
    'read the account, the market and the order books, and ask for orders in your name; every order still waits for a human confirmation.',
  approver:
    'read the account, the market and the order books, and ask for orders in your name; every order still waits for a human confirmation.',
};

/** The sign-in page: Discord's button when Discord sign-in is set up, and the personal token field. */
export function signInPage(o: {
  readonly action: string;
  readonly csrf: { readonly discord: string; readonly token: string };
  readonly discord: boolean;
  readonly client: string;
  readonly problem?: string;
  /** What the page opens with, in place of the client's request (the web desk's sign-in). */
  readonly intro?: string;
  /** Hidden fields every form carries too (the web desk's page to go back to). */
  readonly hidden?: Readonly<Record<string, string>>;
}): string {
  const hidden = Object.entries(o.hidden ?? {})
    .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
    .join('');
  const problem = o.problem === undefined ? '' : `<p class="problem" role="alert">${e(o.problem)}</p>`;
  const discord = o.discord
    ? `<form method="post" action="${e(o.action)}/discord"><input type="hidden" name="csrf" value="${e(o.csrf.discord)}">${hidden}<button type="submit">Sign in with Discord</button></form><p class="note">Or, if your Discord account is not linked in the desk's people file:</p>`
    : '';
  return page(
    'Sign in to omsdesk',
    `<p>${e(o.intro ?? `${o.client} asks to reach the trading desk as you.`)}</p>${problem}${discord}` +
      `<form method="post" action="${e(o.action)}/token"><input type="hidden" name="csrf" value="${e(o.csrf.token)}">${hidden}` +
      '<label for="token">Personal token</label><input type="password" id="token" name="token" autocomplete="off" required maxlength="200">' +
      '<p class="note">From /token create in the desk’s Discord server, or from its operator (omsdesk token issue).</p>' +
      '<button type="submit">Sign in with this token</button></form>',
  );
}

/** The consent page: who asks, where the answer goes, who the person is and what the grant can do. */
export function consentPage(o: {
  readonly action: string;
  readonly csrf: string;
  readonly client: string;
  readonly redirectHost: string;
  readonly person: Person;
}): string {
  return page(
    'Allow access to the desk?',
    `<p><strong>${e(o.client)}</strong> (returning to <strong>${e(o.redirectHost)}</strong>) asks to act as ` +
      `<strong>${e(o.person.id)}</strong>, ${e(o.person.role)}.</p><p>If you approve, it can ${e(CAN[o.person.role])}</p>` +
      '<p class="note">omsdesk token list shows this grant; /token revoke or omsdesk token revoke ends it.</p>' +
      `<form method="post" action="${e(o.action)}/consent"><input type="hidden" name="csrf" value="${e(o.csrf)}">` +
      '<button type="submit" name="decision" value="approve">Approve</button>' +
      '<button type="submit" name="decision" value="deny">Deny</button></form>',
  );
}

/** A page that says what happened and what to do, with nothing to press. */
export function messagePage(title: string, text: string): string {
  return page(title, `<p role="alert">${e(text)}</p>`);
}
