import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuditEntry } from '../../core/audit/index.js';
import { type ApprovalChannel, normalizeTicketId } from '../../core/gate/index.js';
import type { Person } from '../../core/people/index.js';
import type { FormGuard } from '../sign-in/csrf.js';
import type { DiscordSignIn } from '../sign-in/discord.js';
import { escapeHtml as e } from '../sign-in/html.js';
import { unsignedAuditLimit, type WebDeskDeps } from './deps.js';
import { DeskFragments, type Fragments, viewerOf } from './fragments.js';
import { DESK_CSS, DESK_JS, deskPage, messageDesk, seeOther, sendAsset, sendDesk } from './html.js';
import { LiveDesk } from './live.js';
import { MarketNow } from './market-now.js';
import { deskPosts, postAction } from './posts.js';
import { WebSessions } from './sessions.js';
import { deskSignIn } from './sign-in-routes.js';
import { lifeSection } from './views.js';

/** The web desk as sign-in mounts it. */
export interface WebDesk {
  owns(path: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
  /** The Discord callback's way back to the desk's own sign-ins. */
  readonly discordReturn: {
    owns(key: string): boolean;
    arrived(res: ServerResponse, key: string, person: Person, discordUser: string): void;
  };
  /** The web desk as an approvals channel: a ticket posted here waits on `/desk` for an approver. */
  readonly approvals: ApprovalChannel;
  /** How many live streams are open (for tests and the bench). */
  liveStreams(): number;
  close(): void;
}

const TICKET_PAGE = /^\/tickets\/([A-Za-z0-9]{1,24})$/;
const PATHS = new Set([
  '/desk',
  '/desk.css',
  '/desk.js',
  '/desk/events',
  '/sign-in',
  '/sign-in/done',
  '/sign-in/token',
  '/sign-in/discord',
]);

/** Builds the web desk on the process's gate, order watcher and people, with sign-in's parts. */
export function createWebDesk(
  deps: WebDeskDeps,
  shared: { readonly publicUrl: string; readonly guard: FormGuard; readonly discord?: DiscordSignIn },
): WebDesk {
  const { origin, protocol } = new URL(shared.publicUrl);
  const sessions = new WebSessions(deps.people, shared.publicUrl, deps.now);
  const market = new MarketNow((ref) => deps.quote(ref), deps.now);
  const fragments = new DeskFragments(deps, market);
  const live = new LiveDesk(sessions, deps.logger);
  const mayAuditUnsigned = unsignedAuditLimit(deps.now);
  const posts = deskPosts(deps, sessions, origin, mayAuditUnsigned);
  const signIn = deskSignIn({
    sessions,
    people: deps.people,
    guard: shared.guard,
    ...(shared.discord === undefined ? {} : { discord: shared.discord }),
    logger: deps.logger,
    secure: protocol === 'https:',
    now: deps.now,
    refused: async (reason) => {
      if (!mayAuditUnsigned()) return;
      await deps.audit
        .append({ event: 'web_refused', actor: { channel: 'web', id: 'unsigned' }, data: { reason } })
        .catch(() => undefined);
    },
  });
  const unsubscribe = [deps.gate.onChange(() => live.changed()), deps.orders.subscribe(() => live.changed())];

  const signInFirst = (res: ServerResponse, next: string) =>
    seeOther(res, `/sign-in?next=${encodeURIComponent(next)}`, [sessions.clearing()]);

  const deskView = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const found = await sessions.current(req);
    if (!('session' in found)) return signInFirst(res, url.pathname);
    const viewer = viewerOf(found.session, found.person);
    const parts = await fragments.desk(viewer, true);
    const body =
      `<section aria-labelledby="h-halt"><h2 id="h-halt">Trading</h2><div id="halt">${parts.halt}</div></section>` +
      `<section aria-labelledby="h-waiting"><h2 id="h-waiting">Tickets waiting</h2><div id="waiting" aria-live="polite">${parts.waiting}</div></section>` +
      `<section aria-labelledby="h-orders"><h2 id="h-orders">Today's orders</h2><div id="orders" aria-live="polite">${parts.orders}</div></section>`;
    sendDesk(
      res,
      200,
      deskPage({ title: 'Desk', body, person: found.person, csrf: viewer.csrf, stream: '/desk/events' }),
    );
  };

  const ticketView = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    const found = await sessions.current(req);
    if (!('session' in found)) return signInFirst(res, `/tickets/${id}`);
    const ticket = await deps.gate.find(id);
    if (ticket === undefined) {
      sendDesk(res, 404, messageDesk('No such ticket', `No ticket ${id} in this desk's records.`));
      return;
    }
    const viewer = viewerOf(found.session, found.person);
    const parts = await fragments.ticket(ticket, viewer, true);
    const life: AuditEntry[] = [];
    await deps.audit.scan((entry) => life.push(entry), { ticket: ticket.id });
    const body =
      `<p class="note">${e(ticket.summary)}</p><section aria-labelledby="h-state"><h2 id="h-state">Where it stands</h2><div id="outcome" aria-live="polite">${parts.outcome}</div><div id="decide">${parts.decide}</div></section>` +
      `<section aria-labelledby="h-life"><h2 id="h-life">Its life</h2>${lifeSection(life)}</section><p><a href="/desk">Back to the desk</a></p>`;
    sendDesk(
      res,
      200,
      deskPage({
        title: `Ticket ${ticket.id}`,
        body,
        person: found.person,
        csrf: viewer.csrf,
        stream: `/desk/events?ticket=${ticket.id}`,
      }),
    );
  };

  const events = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const found = await sessions.current(req);
    if (!('session' in found)) {
      res.writeHead(401, { 'content-type': 'text/plain', 'cache-control': 'no-store' }).end('signed out');
      return;
    }
    const asked = url.searchParams.get('ticket');
    const id = asked === null ? undefined : normalizeTicketId(asked.slice(0, 24));
    const ticket = id === undefined ? undefined : await deps.gate.find(id);
    const render = async (person: Person): Promise<Fragments> => {
      const viewer = viewerOf(found.session, person);
      return ticket === undefined ? fragments.desk(viewer, false) : fragments.ticket(ticket, viewer, false);
    };
    await live.open(found.session, found.person, res, render);
  };

  return {
    owns: (path) =>
      PATHS.has(path) || path === '/sign-out' || TICKET_PAGE.test(path) || postAction(path) !== undefined,
    discordReturn: { owns: signIn.owns, arrived: signIn.arrived },
    approvals: {
      name: 'the web desk',
      // The desk lists every waiting ticket from the gate: posting is telling the open desks.
      post: async () => live.changed(),
    },
    liveStreams: () => live.size,
    async handle(req, res, url) {
      if (await signIn.handle(req, res, url)) return;
      const action = postAction(url.pathname);
      if (req.method === 'POST' && action !== undefined) {
        await posts(req, res, action, await sessions.current(req));
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendDesk(res, 405, messageDesk('Not allowed', 'This page does not take that.'));
        return;
      }
      if (url.pathname === '/desk.css') return sendAsset(res, 'text/css', DESK_CSS);
      if (url.pathname === '/desk.js') return sendAsset(res, 'text/javascript', DESK_JS);
      if (url.pathname === '/desk') return deskView(req, res, url);
      if (url.pathname === '/desk/events') return events(req, res, url);
      const ticket = TICKET_PAGE.exec(url.pathname);
      if (ticket !== null) return ticketView(req, res, normalizeTicketId(ticket[1] ?? ''));
      sendDesk(res, 404, messageDesk('Not found', 'There is no such page on the desk.'));
    },
    close() {
      for (const stop of unsubscribe) stop();
      live.close();
    },
  };
}
