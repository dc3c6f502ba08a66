import type { IncomingMessage, ServerResponse } from 'node:http';
import { type CancelResult, type HaltReport, isGateError, normalizeTicketId } from '../../core/gate/index.js';
import { canHalt, type Person } from '../../core/people/index.js';
import { escapeHtml as e } from '../sign-in/html.js';
import { type WebDeskDeps, webActor } from './deps.js';
import { readDeskForm } from './form.js';
import { deskPage, messageDesk, seeOther, sendDesk } from './html.js';
import type { WebSession, WebSessions } from './sessions.js';
import { actorWords } from './views.js';

/** What a post may do, by path. */
export type PostAction =
  | { readonly kind: 'approve' | 'decline'; readonly ticket: string }
  | { readonly kind: 'halt' | 'resume' | 'sign-out' };

const TICKET_POST = /^\/tickets\/([A-Za-z0-9]{1,24})\/(approve|decline)$/;

/** The action a post path names, or undefined. */
export function postAction(path: string): PostAction | undefined {
  if (path === '/desk/halt') return { kind: 'halt' };
  if (path === '/desk/resume') return { kind: 'resume' };
  if (path === '/sign-out') return { kind: 'sign-out' };
  const m = TICKET_POST.exec(path);
  return m === null
    ? undefined
    : { kind: m[2] as 'approve' | 'decline', ticket: normalizeTicketId(m[1] ?? '') };
}

/**
 * Every state-changing request of the desk: a small urlencoded form, from the desk's own origin, with the
 * session's synchronizer token and a form id never posted before, by a person the people file still
 * lists with the credential they signed in with. Anything else gets a page saying why, changes nothing
 * and is audited. Decisions go through the same gate calls as a card's buttons, `via` web.
 */
export function deskPosts(
  deps: WebDeskDeps,
  sessions: WebSessions,
  origin: string,
  mayAuditUnsigned: () => boolean,
) {
  const audit = async (person: Person | undefined, reason: string, action?: PostAction): Promise<void> => {
    deps.logger.warn(`web desk refused: ${reason}`, { person: person?.id ?? '' });
    if (person === undefined && !mayAuditUnsigned()) return;
    const ticket = action?.kind === 'approve' || action?.kind === 'decline' ? action.ticket : undefined;
    await deps.audit
      .append({
        event: 'web_refused',
        ...(ticket === undefined ? {} : { ticket }),
        actor: person === undefined ? { channel: 'web', id: 'unsigned' } : webActor(person),
        data: { reason, ...(action === undefined ? {} : { action: action.kind }) },
      })
      .catch(() => undefined);
  };

  const refuse = async (
    res: ServerResponse,
    status: number,
    title: string,
    text: string,
    person: Person | undefined,
    action: PostAction | undefined,
    reason = text,
  ): Promise<void> => {
    await audit(person, reason, action);
    sendDesk(res, status, messageDesk(title, text));
  };

  const sameOrigin = (req: IncomingMessage): boolean => {
    const given = req.headers.origin;
    if (given !== undefined && given !== origin) return false;
    const site = req.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  };

  const decide = async (
    res: ServerResponse,
    action: { kind: 'approve' | 'decline'; ticket: string },
    person: Person,
  ): Promise<void> => {
    const actor = webActor(person);
    const via = { path: 'web' } as const;
    try {
      if (action.kind === 'approve') await deps.gate.approve(action.ticket, actor, { via });
      else await deps.gate.decline(action.ticket, actor, `declined on the web desk by ${person.id}`, via);
      seeOther(res, `/tickets/${action.ticket}`);
    } catch (error) {
      if (!isGateError(error)) throw error;
      // The gate recorded refusals of who and where; an unknown or decided ticket is recorded here.
      const unknown = error.code === 'TICKET_NOT_FOUND' && deps.gate.get(action.ticket) === undefined;
      if (unknown || error.code === 'TICKET_DECIDED' || error.code === 'TICKET_EXPIRED')
        await audit(person, error.message, action);
      const status = error.code === 'NOT_ALLOWED' ? 403 : error.code === 'TICKET_NOT_FOUND' ? 404 : 409;
      sendDesk(
        res,
        status,
        messageDesk(
          action.kind === 'approve' ? 'Not approved' : 'Not declined',
          error.message,
          `/tickets/${action.ticket}`,
        ),
      );
    }
  };

  const halt = async (
    res: ServerResponse,
    person: Person,
    reason: string | undefined,
    cancelWorking: boolean,
  ): Promise<void> => {
    const report = await deps.gate.halt(webActor(person), reason, { cancelWorking });
    deps.logger.warn('trading halted from the web desk', {
      by: person.id,
      reason: reason ?? '',
      leftBefore: report.leftBefore.map((t) => t.id),
      ...(report.pulled === undefined
        ? {}
        : { pulled: report.pulled.map((p) => `${p.orderNumber} ${p.outcome}`) }),
    });
    sendDesk(res, 200, deskPage({ title: 'Trading halted', body: haltNotice(person, reason, report) }));
  };

  return async (
    req: IncomingMessage,
    res: ServerResponse,
    action: PostAction,
    signedIn: { session: WebSession; person: Person } | { refusal: string },
  ): Promise<void> => {
    const form = await readDeskForm(req);
    // A body left unread closes the connection after the answer, rather than being read.
    if (form === undefined && !req.complete) res.setHeader('connection', 'close');
    if (form === undefined)
      return refuse(
        res,
        413,
        'Request refused',
        'This request was not a small form of the desk’s: nothing changed.',
        'session' in signedIn ? signedIn.person : undefined,
        action,
        'a huge or odd form body',
      );
    if (!('session' in signedIn)) {
      return refuse(
        res,
        401,
        'Signed out',
        signedIn.refusal === 'ended'
          ? 'Your session ended (your token was revoked, or you are no longer in the people file): nothing changed.'
          : 'Your session has expired, or you are not signed in: sign in again. Nothing changed.',
        undefined,
        action,
        `no session (${signedIn.refusal})`,
      );
    }
    const { session, person } = signedIn;
    if (!sameOrigin(req) || !sessions.csrfMatches(session, form.get('csrf'))) {
      return refuse(
        res,
        403,
        'Request refused',
        'This form was not sent from the desk’s own pages (a missing or forged anti-forgery token): nothing changed.',
        person,
        action,
        'forged or missing CSRF token',
      );
    }
    if (!sessions.takeForm(session, (form.get('form') ?? '').slice(0, 64) || 'missing')) {
      return refuse(
        res,
        409,
        'Already sent',
        'This form was already sent once (a replayed or double-submitted post): nothing changed again.',
        person,
        action,
        'replayed or double-submitted post',
      );
    }
    switch (action.kind) {
      case 'sign-out':
        sessions.end(session.id);
        return seeOther(res, '/sign-in', [sessions.clearing()]);
      case 'approve':
      case 'decline':
        return decide(res, action, person);
      case 'halt':
      case 'resume':
        if (!canHalt(person))
          return refuse(
            res,
            403,
            'Not allowed',
            `${person.id} is a ${person.role}: only approvers halt and resume trading. Nothing changed.`,
            person,
            action,
          );
        if (action.kind === 'resume') {
          await deps.gate.resume(webActor(person));
          return seeOther(res, '/desk');
        }
        return halt(
          res,
          person,
          (form.get('reason') ?? '').replace(/\s+/g, ' ').trim().slice(0, 200) || undefined,
          form.get('cancel_orders') === 'yes',
        );
    }
  };
}

/** What the halt found in flight, as `/halt` says it: which orders had left before it took hold. */
/** Every working order a halt pulled, by number: cancelled, already over, or not cancelled and why. */
function pulledList(pulled: readonly CancelResult[]): string {
  if (pulled.length === 0) return '<p>No order was working, so none was cancelled.</p>';
  const cancelled = pulled.filter((p) => p.outcome === 'cancelled').length;
  const items = pulled.map(
    (p) => `<li>Order ${e(p.orderNumber)}: ${e(p.outcome)}. ${e(p.detail.slice(0, 200))}</li>`,
  );
  return `<p>It cancelled ${cancelled} of ${pulled.length} working orders:</p><ul>${items.join('')}</ul>`;
}

function haltNotice(person: Person, reason: string | undefined, report: HaltReport): string {
  const left = report.leftBefore.map((t) => {
    const orders = t.legs.map((leg) => {
      const o = leg.outcome;
      if (o?.orderNumber) return `${leg.instrument.tradingSymbol} order ${o.orderNumber}`;
      if (o?.status === 'NOT_PLACED')
        return `${leg.instrument.tradingSymbol} not placed (the broker refused it)`;
      return `${leg.instrument.tradingSymbol} outcome not known yet`;
    });
    return `<li><a href="/tickets/${e(t.id)}">Ticket ${e(t.id)}</a>: ${e(orders.join('; '))}</li>`;
  });
  const before =
    left.length === 0
      ? '<p>No order was on its way to the broker when the halt took hold.</p>'
      : `<p>${left.length === 1 ? 'One approval' : `${left.length} approvals`} had already sent orders before the halt took hold:</p><ul>${left.join('')}</ul>`;
  return (
    `<p role="status">Trading is halted by ${e(actorWords(webActor(person)))}${reason === undefined ? '' : `: ${e(reason)}`}.</p>${before}` +
    (report.pulled === undefined ? '' : pulledList(report.pulled)) +
    '<p>No order leaves after this, and approvals are refused, until an approver resumes trading.</p><p><a href="/desk">Back to the desk</a></p>'
  );
}
