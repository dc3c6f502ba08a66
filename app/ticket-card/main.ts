import { App, applyDocumentTheme, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { type Card, draw, statusWords } from './view.js';

/** Statuses after which nothing about the ticket changes: the card stops asking. */
const FINAL = new Set([
  'REFUSED',
  'DECLINED',
  'EXPIRED',
  'NOT_PLACED',
  'COMPLETE',
  'REJECTED',
  'CANCELED',
  'SETTLED',
]);
/**
 * How often the open card reads the ticket (its status) and the market against it: the market often while
 * the person decides, seldom once the orders are out; and for how long at most, so a card left open on a
 * resting order does not spend the account's request budget all day.
 */
const STATUS_EVERY_MS = 1_500;
const MARKET_EVERY_MS = { deciding: 5_000, sent: 30_000 };
const FOLLOW_FOR_MS = 30 * 60_000;
const opened = Date.now();
const TICKET_ID = /^T[0-9A-Z]{8}$/;

const title = document.getElementById('title') as HTMLElement;
const status = document.getElementById('status') as HTMLElement;
const body = document.getElementById('body') as HTMLElement;
const actions = document.getElementById('actions') as HTMLElement;
const confirmButton = document.getElementById('confirm') as HTMLButtonElement;
const declineButton = document.getElementById('decline') as HTMLButtonElement;
const note = document.getElementById('note') as HTMLElement;

const app = new App({ name: 'omsdesk order card', version: '0.1.0' }, {}, { autoResize: true });
let ticketId: string | undefined;
let card: Card | undefined;
let deciding = false;
let timer: ReturnType<typeof setTimeout> | undefined;
let lastMarket = 0;

function theme(context: McpUiHostContext | undefined): void {
  if (context?.theme === 'dark' || context?.theme === 'light') applyDocumentTheme(context.theme);
}

function say(message: string): void {
  note.textContent = message;
}

function show(next: Card): void {
  card = next;
  const t = next.ticket;
  title.textContent = `Order ticket ${t.ticketId}`;
  status.textContent = `${statusWords(t.status)} (${t.status})`;
  status.dataset.status = t.status;
  draw(body, next);
  const decidable = next.mayDecide === true && t.status === 'PENDING';
  actions.hidden = !decidable;
  confirmButton.disabled = deciding || !decidable;
  declineButton.disabled = deciding || !decidable;
  confirmButton.textContent = next.deskUrl ? 'Confirm on the desk' : 'Confirm';
}

function structured(result: { structuredContent?: unknown }): Record<string, unknown> {
  const data = result.structuredContent;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/** Reads the whole card (the market included) through the host. */
async function readCard(): Promise<void> {
  if (ticketId === undefined) return;
  const result = await app.callServerTool({ name: 'ticket_card', arguments: { ticket_id: ticketId } });
  const next = structured(result).card as Card | undefined;
  if (result.isError || next === undefined) {
    say('The ticket could not be read; try again in a moment.');
    return;
  }
  lastMarket = Date.now();
  show(next);
}

/** Reads the ticket's status alone (its resource), between the market's reads. */
async function readStatus(): Promise<void> {
  if (ticketId === undefined || card === undefined) return;
  const read = await app.readServerResource({ uri: `omsdesk://tickets/${ticketId}` });
  const first = read.contents[0];
  if (first === undefined || !('text' in first) || typeof first.text !== 'string') return;
  const ticket = JSON.parse(first.text) as Card['ticket'];
  const stillPending = ticket.status === 'PENDING';
  show({ ...card, ticket, mayDecide: stillPending && card.mayDecide === true });
}

function follow(): void {
  clearTimeout(timer);
  if (card !== undefined && FINAL.has(card.ticket.status)) return;
  if (Date.now() - opened > FOLLOW_FOR_MS) {
    say('This card stopped following the ticket; ask for its status to see where it stands.');
    return;
  }
  timer = setTimeout(async () => {
    try {
      const every = card?.ticket.status === 'PENDING' ? MARKET_EVERY_MS.deciding : MARKET_EVERY_MS.sent;
      if (Date.now() - lastMarket >= every) await readCard();
      else await readStatus();
    } catch {
      say('The host did not answer; the card keeps trying.');
    }
    follow();
  }, STATUS_EVERY_MS);
}

async function decide(decision: 'confirm' | 'decline'): Promise<void> {
  if (card === undefined || deciding) return;
  const t = card.ticket;
  if (decision === 'confirm' && card.deskUrl) {
    // The web desk decides: the signed-in person confirms there, whatever this host does.
    const opened = await app.openLink({ url: card.deskUrl });
    say(
      opened.isError
        ? `Open ${card.deskUrl} to confirm.`
        : 'Confirm the ticket on the desk page that opened.',
    );
    return;
  }
  deciding = true;
  show(card);
  say(decision === 'confirm' ? 'Sending your confirmation…' : 'Declining…');
  try {
    const result = await app.callServerTool({
      name: 'decide_on_card',
      arguments: { ticket_id: t.ticketId, hash: t.hash, decision },
    });
    const first = (result.content as { type: string; text?: string }[] | undefined)?.[0];
    say(first?.type === 'text' && typeof first.text === 'string' ? (first.text.split('\n')[0] ?? '') : '');
  } catch {
    say('Your decision did not reach omsdesk; nothing was sent by this click.');
  } finally {
    deciding = false;
  }
  await readCard().catch(() => undefined);
  follow();
}

confirmButton.addEventListener('click', () => void decide('confirm'));
declineButton.addEventListener('click', () => void decide('decline'));

app.ontoolresult = (result) => {
  const data = structured(result);
  const nested = data.ticket as Record<string, unknown> | undefined;
  const id = typeof data.ticketId === 'string' ? data.ticketId : nested?.ticketId;
  if (typeof id !== 'string' || !TICKET_ID.test(id)) {
    status.textContent = 'No omsdesk ticket in this result.';
    return;
  }
  ticketId = id;
  void readCard()
    .catch(() => say('The ticket could not be read; try again in a moment.'))
    .finally(follow);
};
app.onhostcontextchanged = (context) => theme(context);

await app.connect();
theme(app.getHostContext());
