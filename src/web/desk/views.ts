import type { Actor, AuditEntry } from '../../core/audit/index.js';
import type { DailyUsage } from '../../core/checks/index.js';
import { legSentence, marginSentence, type Ticket } from '../../core/gate/index.js';
import type { Person } from '../../core/people/index.js';
import type { WatchedOrder } from '../../core/watcher/index.js';
import { escapeHtml as e } from '../sign-in/html.js';
import { key } from './market-now.js';

/** What a view needs to know of who looks, and to let them post. */
export interface Viewer {
  readonly person: Person;
  readonly csrf: string;
  /** A fresh one-use id for each form. */
  formId(): string;
}

/** Who asked, and from where, in words. */
export function actorWords(actor: Actor | undefined): string {
  if (actor === undefined) return 'omsdesk';
  const from = actor.channel.startsWith('mcp')
    ? `an assistant over MCP (${actor.id})`
    : actor.channel === 'web'
      ? 'the web desk'
      : actor.channel;
  return actor.person === undefined ? `${actor.name ?? actor.id} (${from})` : `${actor.person}, from ${from}`;
}

const rupees = (n: number): string => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

function legItems(ticket: Ticket, prices: ReadonlyMap<string, number>): string {
  return ticket.legs
    .map((leg) => {
      const now = prices.get(key(leg.instrument));
      const then = leg.market?.lastPrice;
      const move =
        now === undefined
          ? 'market now: not known'
          : then === undefined || then === 0
            ? `market now ${rupees(now)}`
            : `market now ${rupees(now)} (${(((now - then) / then) * 100).toFixed(2)} % since the preview)`;
      return `<li>${e(legSentence(leg))} <span class="note">${e(move)}</span></li>`;
    })
    .join('');
}

function capsLeft(requester: Person | undefined, usage: DailyUsage | undefined): string {
  if (requester === undefined || usage === undefined) return 'Desk caps apply.';
  const parts: string[] = [];
  if (requester.maxDailyOrders !== undefined)
    parts.push(
      `${Math.max(0, requester.maxDailyOrders - usage.orders)} of ${requester.maxDailyOrders} orders`,
    );
  if (requester.maxDailyValue !== undefined)
    parts.push(
      `${rupees(Math.max(0, requester.maxDailyValue - usage.value))} of ${rupees(requester.maxDailyValue)}`,
    );
  return parts.length === 0
    ? `${requester.id} has no caps of their own today (the desk's caps apply).`
    : `${requester.id} has ${parts.join(' and ')} left today (and the desk's caps).`;
}

/** A form that posts one decision (or a halt) with the session's token and a one-use id. */
function postForm(
  viewer: Viewer,
  action: string,
  button: string,
  label: string,
  cls: string,
  extra = '',
): string {
  return (
    `<form method="post" action="${e(action)}"><input type="hidden" name="csrf" value="${e(viewer.csrf)}">` +
    `<input type="hidden" name="form" value="${e(viewer.formId())}">${extra}` +
    `<button type="submit" class="${cls}" aria-label="${e(label)}">${e(button)}</button></form>`
  );
}

/** Whether this viewer's buttons on this ticket are an approver's, a requester's, or none. */
export function decider(
  ticket: Ticket,
  person: Person,
  fourEyes: boolean,
): 'approver' | 'requester' | undefined {
  if (ticket.status !== 'PENDING') return undefined;
  const own = ticket.requestedBy.person === person.id;
  if (ticket.waitsFor === 'discord')
    return person.role === 'approver' && !(own && fourEyes) ? 'approver' : undefined;
  // A ticket waiting on its order card in the assistant is the requester's too: the card opens this page.
  if ((ticket.waitsFor === 'web' || ticket.waitsFor === 'app') && own) return 'requester';
  return undefined;
}

/** One waiting ticket as a card shows it: legs against the market now, margin, caps left, who asked. */
export function ticketCard(
  ticket: Ticket,
  viewer: Viewer,
  prices: ReadonlyMap<string, number>,
  requester: { person: Person | undefined; usage: DailyUsage | undefined },
  fourEyes: boolean,
): string {
  const who = decider(ticket, viewer.person, fourEyes);
  const buttons =
    who === undefined
      ? ''
      : `<div>${postForm(viewer, `/tickets/${ticket.id}/approve`, who === 'approver' ? 'Approve' : 'Confirm', `${who === 'approver' ? 'Approve' : 'Confirm'} ticket ${ticket.id}`, 'go')}` +
        `${postForm(viewer, `/tickets/${ticket.id}/decline`, 'Decline', `Decline ticket ${ticket.id}`, '')}</div>`;
  const waits =
    ticket.waitsFor === 'web' || ticket.waitsFor === 'app'
      ? 'Waits for its requester to confirm it on its page.'
      : ticket.waitsFor === 'discord'
        ? ticket.requestedBy.person === viewer.person.id && fourEyes
          ? 'Waits for another approver (four-eyes: you asked for it).'
          : 'Waits for an approver.'
        : 'Waits for its requester in their assistant.';
  const warnings = ticket.warnings.map((w) => `<p class="problem">Warning: ${e(w)}</p>`).join('');
  return (
    `<article class="card" aria-labelledby="t-${e(ticket.id)}"><h3 id="t-${e(ticket.id)}"><a href="/tickets/${e(ticket.id)}">Ticket ${e(ticket.id)}</a>, asked by ${e(actorWords(ticket.requestedBy))}</h3>` +
    `<ul class="legs">${legItems(ticket, prices)}</ul>${warnings}` +
    `<p>${e(marginSentence(ticket.margin))} ${e(capsLeft(requester.person, requester.usage))}</p>` +
    `<p class="note">${e(waits)} Expires at ${e(ticket.expiresAt)}.</p>${buttons}</article>`
  );
}

/** The tickets waiting, or a sentence saying there are none. */
export function waitingSection(cards: readonly string[]): string {
  return cards.length === 0 ? '<p class="note">No ticket is waiting.</p>' : cards.join('');
}

/** Today's orders as the order watcher last saw them, newest first. */
export function ordersSection(orders: readonly WatchedOrder[]): string {
  if (orders.length === 0) return '<p class="note">No order today yet.</p>';
  const rows = [...orders]
    .sort((a, b) => (b.placedAt ?? b.firstSeenAt).localeCompare(a.placedAt ?? a.firstSeenAt))
    .slice(0, 200)
    .map((o) => {
      const ticket =
        o.source.kind === 'ticket'
          ? `<a href="/tickets/${e(o.source.ticketId)}">${e(o.source.ticketId)}</a>`
          : o.source.kind === 'client'
            ? e(`tag ${o.source.tag}`)
            : 'placed outside omsdesk';
      const fill =
        o.filledQuantity > 0
          ? `${o.filledQuantity} filled${o.averagePrice === undefined ? '' : ` at ${rupees(o.averagePrice)}`}`
          : '';
      const why = o.rejection === undefined ? '' : ` ${e(o.rejection.text)}`;
      return (
        `<tr><td>${e(o.orderNumber)}</td><td>${e(o.placedAt ?? o.firstSeenAt)}</td><td>${e(o.side)} ${e(String(o.quantity))} ${e(o.tradingSymbol)} (${e(o.exchange)})</td>` +
        `<td>${o.price === undefined ? e(o.priceType ?? '') : e(rupees(o.price))}</td><td>${e(o.statusText)}${why}</td><td>${e(fill)}</td><td>${ticket}</td></tr>`
      );
    })
    .join('');
  return `<table><caption class="note">Today's orders, as the order watcher last saw them</caption><thead><tr><th scope="col">Order</th><th scope="col">Placed</th><th scope="col">Order</th><th scope="col">Price</th><th scope="col">Status</th><th scope="col">Fills</th><th scope="col">Ticket</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Whether trading is halted, and for approvers the button that changes it. */
export function haltSection(
  halted: { flag: boolean; fileExists: boolean },
  viewer: Viewer,
  cancelsByDefault: boolean,
): string {
  const on = halted.flag || halted.fileExists;
  const state = on
    ? `<p class="problem" role="status">Trading is halted${halted.fileExists ? ' (the kill-switch file is present: only removing it resumes)' : ''}: no order leaves.</p>`
    : '<p role="status">Trading is on: approved orders leave for the broker.</p>';
  if (viewer.person.role !== 'approver') return state;
  const button = on
    ? postForm(viewer, '/desk/resume', 'Resume trading', 'Resume trading', 'go')
    : postForm(
        viewer,
        '/desk/halt',
        'Halt trading',
        'Halt trading',
        'stop',
        '<label for="halt-reason">Why (for the team)</label><input type="text" id="halt-reason" name="reason" maxlength="200">' +
          `<input type="checkbox" id="halt-cancel" name="cancel_orders" value="yes"${cancelsByDefault ? ' checked' : ''}>` +
          '<label for="halt-cancel">Also cancel every working order</label>',
      );
  return `${state}${button}`;
}

/** A ticket's life from the audit log: what happened, when, by whom. */
export function lifeSection(entries: readonly AuditEntry[]): string {
  if (entries.length === 0) return '<p class="note">Nothing recorded yet.</p>';
  const items = entries
    .slice(-100)
    .map((entry) => {
      const data = entry.data as { reason?: unknown; status?: unknown } | undefined;
      const why = typeof data?.reason === 'string' ? `: ${data.reason.slice(0, 300)}` : '';
      return `<li>${e(entry.at)} ${e(entry.event.replaceAll('_', ' '))}${entry.actor === undefined ? '' : ` by ${e(actorWords(entry.actor))}`}${e(why)}</li>`;
    })
    .join('');
  return `<ol>${items}</ol>`;
}

/** A ticket's outcome per leg once sent. */
export function outcomeSection(ticket: Ticket): string {
  const lines = ticket.legs.map((leg) => {
    const o = leg.outcome;
    const text =
      o === undefined
        ? 'not sent'
        : `${o.status}${o.orderNumber === undefined ? '' : `, order ${o.orderNumber}`}${o.reason === undefined ? '' : `: ${o.reason}`}`;
    return `<li>${e(leg.instrument.tradingSymbol)}: ${e(text)}</li>`;
  });
  const decided =
    ticket.decidedBy === undefined
      ? ''
      : `<p>Decided by ${e(actorWords(ticket.decidedBy))} at ${e(ticket.decidedAt ?? '')}${ticket.reason === undefined ? '' : `: ${e(ticket.reason)}`}</p>`;
  return `<p role="status">Status: <strong>${e(ticket.status)}</strong></p>${decided}<ul>${lines.join('')}</ul>`;
}
