import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Logger } from '../../core/logger.js';
import type { PeopleDirectory, Person } from '../../core/people/index.js';
import type { FormGuard } from '../sign-in/csrf.js';
import type { DiscordSignIn } from '../sign-in/discord.js';
import { readForm } from '../sign-in/form.js';
import { sendPage } from '../sign-in/html.js';
import { messagePage, signInPage } from '../sign-in/pages.js';
import { seeOther } from './html.js';
import type { WebSessions } from './sessions.js';

/** The pages a sign-in may return to: the desk or one ticket. */
const NEXT = /^\/(?:desk|tickets\/T[A-Z0-9]{4,20})$/;
export const safeNext = (next: string | null | undefined): string =>
  next !== null && next !== undefined && NEXT.test(next) ? next : '/desk';

/** The cookie that ties a sign-in to the browser that started it (before any session exists). */
const PRE = 'omsdesk_sign_in';
/** Keys the web desk's Discord sign-ins carry through the shared Discord callback. */
const DESK_KEY = 'desk.';
/** How long a browser back from Discord has to finish. */
const ARRIVED_MS = 10 * 60_000;

/** What the desk's sign-in is built from: the sign-in's own Discord flow, form guard and pages. */
export interface DeskSignInParts {
  readonly sessions: WebSessions;
  readonly people: Pick<PeopleDirectory, 'authenticate'>;
  readonly guard: FormGuard;
  readonly discord?: DiscordSignIn;
  readonly logger: Logger;
  readonly secure: boolean;
  readonly now: () => number;
  /** Records a refused sign-in. */
  refused(reason: string): Promise<void>;
}

/**
 * The web desk's sign-in: the same page, Discord flow and personal token check as an assistant's sign-in,
 * ending in a desk session instead of a grant. Each form is bound to its browser by a pre-sign-in cookie
 * and carries its anti-forgery token, so no other site can sign a browser in as someone else.
 */
export function deskSignIn(p: DeskSignInParts) {
  const arrived = new Map<
    string,
    { pre: string; person: Person; userId: string; next: string; at: number }
  >();

  const preCookie = (value: string, maxAge: number): string =>
    stringifySetCookie({
      name: PRE,
      value,
      httpOnly: true,
      sameSite: 'lax',
      secure: p.secure,
      path: '/',
      maxAge,
    });
  const preOf = (req: IncomingMessage): string | undefined => {
    const value = req.headers.cookie === undefined ? undefined : parseCookie(req.headers.cookie)[PRE];
    return value !== undefined && /^[A-Za-z0-9_-]{24,64}$/.test(value) ? value : undefined;
  };

  const show = (res: ServerResponse, pre: string, next: string, problem?: string, cookies: string[] = []) => {
    const html = signInPage({
      action: '/sign-in',
      csrf: { discord: p.guard.token(pre, 'desk-discord'), token: p.guard.token(pre, 'desk-token') },
      discord: p.discord !== undefined,
      client: 'omsdesk',
      intro: 'Sign in to the desk to approve, halt and follow orders.',
      hidden: { next },
      ...(problem === undefined ? {} : { problem }),
    });
    if (cookies.length > 0) res.setHeader('set-cookie', cookies);
    sendPage(res, problem === undefined ? 200 : 400, html);
  };

  const refuse = async (res: ServerResponse, status: number, title: string, text: string, log: string) => {
    p.logger.warn(`desk sign-in refused: ${log}`);
    await p.refused(log);
    sendPage(res, status, messagePage(title, text));
  };

  const open = (
    res: ServerResponse,
    person: Person,
    credential: Parameters<WebSessions['open']>[1],
    next: string,
  ) => {
    const { cookie } = p.sessions.open(person, credential);
    p.logger.info(`desk signed in: ${person.id} (${credential.kind})`);
    seeOther(res, next, [cookie, preCookie('', 0)]);
  };

  return {
    owns: (key: string): boolean => key.startsWith(DESK_KEY),

    /** A person Discord named, back at the shared callback: finished only by the browser that started. */
    arrived(res: ServerResponse, key: string, person: Person, userId: string): void {
      const [pre = '', encoded = ''] = key.slice(DESK_KEY.length).split('.');
      const nonce = randomBytes(18).toString('base64url');
      arrived.set(nonce, {
        pre,
        person,
        userId,
        next: safeNext(Buffer.from(encoded, 'base64url').toString()),
        at: p.now(),
      });
      if (arrived.size > 1_000) arrived.delete(arrived.keys().next().value as string);
      seeOther(res, `/sign-in/done?n=${nonce}`);
    },

    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      if (url.pathname === '/sign-in' && req.method === 'GET') {
        const pre = preOf(req) ?? randomBytes(24).toString('base64url');
        show(res, pre, safeNext(url.searchParams.get('next')), undefined, [preCookie(pre, 15 * 60)]);
        return true;
      }
      if (url.pathname === '/sign-in/done' && req.method === 'GET') {
        const nonce = url.searchParams.get('n') ?? '';
        const came = arrived.get(nonce);
        arrived.delete(nonce);
        if (came === undefined || came.pre !== preOf(req) || p.now() - came.at > ARRIVED_MS) {
          await refuse(
            res,
            400,
            'Sign-in refused',
            'This sign-in was started in another browser or is over: sign in again.',
            'discord sign-in finished without its browser',
          );
          return true;
        }
        open(res, came.person, { kind: 'discord', userId: came.userId }, came.next);
        return true;
      }
      const step =
        url.pathname === '/sign-in/token'
          ? 'token'
          : url.pathname === '/sign-in/discord'
            ? 'discord'
            : undefined;
      if (step === undefined || req.method !== 'POST') return false;
      const form = await readForm(req);
      const pre = preOf(req);
      if (
        form === undefined ||
        pre === undefined ||
        !p.guard.accepts(req, form.get('csrf') ?? undefined, pre, `desk-${step}`)
      ) {
        await refuse(
          res,
          403,
          'Request refused',
          'This form was not sent from the desk’s sign-in page: open /sign-in and try again.',
          `forged or malformed ${step} sign-in post`,
        );
        return true;
      }
      const next = safeNext(form.get('next'));
      if (step === 'discord') {
        if (p.discord === undefined) {
          show(res, pre, next, 'Discord sign-in is not set up here.');
          return true;
        }
        seeOther(res, p.discord.start(`${DESK_KEY}${pre}.${Buffer.from(next).toString('base64url')}`));
        return true;
      }
      const checked = await p.people.authenticate(form.get('token') ?? undefined);
      if (!checked.ok) {
        p.logger.warn(`desk sign-in refused: personal token (${checked.reason})`);
        await p.refused(`personal token refused (${checked.reason})`);
        show(res, pre, next, `That personal token does not work: ${checked.message}.`);
        return true;
      }
      open(res, checked.person, { kind: 'token', tokenId: checked.tokenId }, next);
      return true;
    },
  };
}
