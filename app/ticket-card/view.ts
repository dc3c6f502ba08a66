import { count, driftPct, rupees, text } from './format.js';

/** The card's view of a ticket as `ticket_card` answers it (read defensively: it is data, not code). */
export interface Card {
  readonly ticket: {
    readonly ticketId: string;
    readonly status: string;
    readonly hash: string;
    readonly expiresAt: string;
    readonly summary?: string;
    readonly confirmation?: string;
    readonly reason?: string;
    readonly requestedBy?: { readonly channel?: string; readonly id?: string; readonly person?: string };
    readonly decidedBy?: { readonly channel?: string; readonly id?: string; readonly person?: string };
    readonly orderNumbers?: readonly string[];
    readonly legs?: readonly Leg[];
    readonly margin?: {
      readonly required?: number;
      readonly available?: number;
      readonly shortfall?: number;
    };
    readonly warnings?: readonly string[];
  };
  readonly market?: readonly {
    readonly instrument: string;
    readonly lastPrice?: number;
    readonly error?: string;
  }[];
  readonly drift?: { readonly maxPct: number; readonly minTicks: number };
  readonly caps?: {
    readonly orders?: { readonly cap: number; readonly used: number; readonly left: number };
    readonly value?: { readonly cap: number; readonly used: number; readonly left: number };
  };
  readonly mayDecide?: boolean;
  readonly deskUrl?: string;
}

interface Leg {
  readonly instrument?: string;
  readonly side?: string;
  readonly quantity?: number;
  readonly priceType?: string;
  readonly price?: number;
  readonly triggerPrice?: number;
  readonly status?: string;
  readonly orderNumber?: string;
  readonly filledQuantity?: number;
  readonly averagePrice?: number;
  readonly reason?: string;
  readonly rejection?: { readonly text?: string };
}

/** An element with text only: data never becomes markup. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  content?: string,
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (content !== undefined) node.textContent = content;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/** What the status means to the person, in words. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  PENDING: 'Waiting for your decision',
  SUBMITTING: 'Sending to the broker',
  PLACED: 'Placed at the broker',
  COMPLETE: 'Filled',
  REJECTED: 'Rejected by the broker',
  DECLINED: 'Declined: nothing was sent',
  EXPIRED: 'Expired: nothing was sent',
  REFUSED: 'Refused by the checks: nothing was sent',
  NOT_PLACED: 'Not placed',
  UNKNOWN: 'Outcome unknown: being checked with the broker',
  CANCELED: 'Cancelled',
  SETTLED: 'Settled',
};

export function statusWords(status: string): string {
  return STATUS_WORDS[status] ?? status;
}

function who(actor: Card['ticket']['requestedBy']): string {
  if (actor === undefined) return '–';
  const name = actor.person ?? actor.id ?? 'someone';
  return `${text(name)} via ${text(actor.channel ?? 'mcp')}`;
}

function legRow(leg: Leg, market: Card['market']): HTMLTableRowElement {
  const row = el('tr');
  const now = market?.find((m) => m.instrument === leg.instrument);
  const asked = leg.price;
  const price = leg.priceType === 'MARKET' || asked === undefined ? 'at market' : rupees(asked);
  const nowText =
    now === undefined
      ? '–'
      : now.lastPrice === undefined
        ? 'no quote'
        : `${rupees(now.lastPrice)} ${driftPct(asked, now.lastPrice)}`;
  const filled =
    leg.filledQuantity !== undefined && leg.filledQuantity > 0
      ? `${count(leg.filledQuantity)} filled @ ${rupees(leg.averagePrice)}`
      : '';
  const outcome = [
    text(leg.status ?? ''),
    leg.orderNumber ? `#${leg.orderNumber}` : '',
    filled,
    leg.rejection?.text ?? leg.reason ?? '',
  ]
    .filter((part) => part !== '' && part !== '–')
    .join(' · ');
  row.append(
    el('td', text(leg.side)),
    el('td', count(leg.quantity), { class: 'num' }),
    el('th', text(leg.instrument), { scope: 'row' }),
    el('td', text(leg.priceType)),
    el('td', price, { class: 'num' }),
    el('td', nowText, { class: 'num' }),
    el('td', outcome === '' ? '–' : outcome),
  );
  return row;
}

function fact(list: HTMLDListElement, term: string, value: string): void {
  list.append(el('dt', term), el('dd', value));
}

function capText(
  cap: { cap: number; used: number; left: number } | undefined,
  show: (v: number) => string,
): string | undefined {
  return cap === undefined ? undefined : `${show(cap.left)} left of ${show(cap.cap)}`;
}

/** Draws the card's body for `card` into `root` (everything but the buttons). */
export function draw(root: HTMLElement, card: Card): void {
  const t = card.ticket;
  const table = el('table');
  table.append(el('caption', 'Orders on this ticket'));
  const head = el('tr');
  for (const name of ['Side', 'Quantity', 'Instrument', 'Price type', 'Price', 'Market now', 'Status']) {
    head.append(el('th', name, { scope: 'col' }));
  }
  table.append(el('thead'), el('tbody'));
  table.tHead?.append(head);
  for (const leg of t.legs ?? []) table.tBodies[0]?.append(legRow(leg, card.market));
  const facts = el('dl');
  if (card.drift) {
    fact(
      facts,
      'Drift limit',
      `${card.drift.maxPct} % or ${count(card.drift.minTicks)} ticks from the previewed price`,
    );
  }
  fact(facts, 'Margin needed', rupees(t.margin?.required));
  fact(facts, 'Margin available', rupees(t.margin?.available));
  const caps = [capText(card.caps?.orders, count), capText(card.caps?.value, rupees)].filter(
    (c) => c !== undefined,
  );
  fact(facts, 'Your caps today', caps.length === 0 ? 'the desk’s only' : caps.join('; '));
  fact(facts, 'Asked by', who(t.requestedBy));
  if (t.decidedBy) fact(facts, 'Decided by', who(t.decidedBy));
  if (t.reason) fact(facts, 'Why', text(t.reason));
  fact(facts, 'Expires', `${text(t.expiresAt).replace('T', ' ').slice(0, 19)} IST`);
  const warnings = el('ul', undefined, { class: 'warnings' });
  for (const w of t.warnings ?? []) warnings.append(el('li', text(w)));
  root.replaceChildren(table, facts, ...(warnings.childElementCount > 0 ? [warnings] : []));
}
