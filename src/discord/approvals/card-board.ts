import type { ApprovalChannel, Ticket } from '../../core/gate/index.js';
import type { Logger } from '../../core/logger.js';
import type { DeskGate } from '../deps.js';
import type { ChannelMessages } from '../messages.js';
import { renderCard } from './card.js';

/** Statuses after which a card never changes again. */
const FINAL: ReadonlySet<string> = new Set([
  'EXPIRED',
  'DECLINED',
  'REFUSED',
  'NOT_PLACED',
  'COMPLETE',
  'REJECTED',
  'CANCELED',
  'SETTLED',
]);

/** Most cards followed at once; the oldest are let go first (their tickets long settled). */
const MAX_CARDS = 500;

interface Card {
  readonly channelId: string;
  messageId: string | undefined;
  latest: Ticket;
  dirty: boolean;
  editing: Promise<void> | undefined;
}

/** Where the board posts, and how it links to what it posted. */
export interface BoardOptions {
  readonly messages: ChannelMessages;
  readonly gate: Pick<DeskGate, 'onChange' | 'bindCard' | 'carriedOver'>;
  readonly channelId: string | undefined;
  readonly guildId: string;
  readonly logger: Logger;
  /** The ticket's page on the web desk, which every card links, when it runs. */
  readonly ticketUrl?: ((id: string) => string) | undefined;
}

/**
 * The approvals channel: posts an order card per ticket, binds it to the ticket in the gate (so decisions
 * count only on it, across restarts), and keeps every card of a ticket it hears of showing the ticket's
 * latest state, whichever process posted it (edits run one at a time per card, always with the newest
 * state). It is also the gate's `ApprovalChannel`, so tickets from MCP get cards the same way.
 */
export class CardBoard implements ApprovalChannel {
  readonly name = 'discord';
  readonly #o: BoardOptions;
  readonly #cards = new Map<string, Card>();
  readonly #stop: () => void;
  #closed = false;

  constructor(options: BoardOptions) {
    this.#o = options;
    this.#stop = options.gate.onChange((ticket) => {
      const card = this.#follow(ticket);
      if (card) this.#update(card, ticket);
    });
  }

  /** Shows a ticket to the approvers; rejects when it cannot (then nothing can approve it there). */
  async post(ticket: Ticket): Promise<void> {
    await this.postCard(ticket);
  }

  /** Posts a ticket's card and resolves with its link. */
  async postCard(ticket: Ticket): Promise<string> {
    const channelId = this.#o.channelId;
    if (channelId === undefined || this.#closed) throw new Error('no approvals channel is open');
    const card = this.#add(ticket.id, channelId, undefined, ticket);
    let messageId: string;
    try {
      messageId = await this.#o.messages.post(
        channelId,
        renderCard(ticket, { ticketUrl: this.#o.ticketUrl }),
      );
    } catch (error) {
      this.#cards.delete(ticket.id);
      throw error;
    }
    card.messageId = messageId;
    // Unbound (the ticket moved on meanwhile, or the record failed), the card shows the ticket as it is.
    await this.#o.gate.bindCard(ticket.id, { channelId, messageId }).catch((error: unknown) => {
      this.#o.logger.warn('could not bind an order card to its ticket', {
        ticket: ticket.id,
        error: error instanceof Error ? error.message : String(error),
      });
    });
    if (card.dirty) this.#update(card, card.latest);
    return this.link(channelId, messageId);
  }

  /** Brings the cards of the tickets the last process left in play up to date (and follows them). */
  refreshCarriedOver(): void {
    for (const ticket of this.#o.gate.carriedOver()) {
      const card = this.#follow(ticket);
      if (card) this.#update(card, ticket);
    }
  }

  /** The link to a ticket's card, whichever process posted it. */
  cardLink(ticket: Ticket): string | undefined {
    return ticket.card === undefined ? undefined : this.link(ticket.card.channelId, ticket.card.messageId);
  }

  /** A message's link. */
  link(channelId: string, messageId: string): string {
    return `https://discord.com/channels/${this.#o.guildId}/${channelId}/${messageId}`;
  }

  /** Stops following tickets: cards still waiting say the ticket expired, and pending edits finish. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#stop();
    await Promise.all([...this.#cards.values()].map((c) => c.editing));
    await Promise.all(
      [...this.#cards.values()]
        .filter((c) => c.latest.status === 'PENDING' && c.messageId !== undefined)
        .map((c) =>
          this.#o.messages
            .edit(
              c.channelId,
              c.messageId as string,
              renderCard(c.latest, { stopped: true, ticketUrl: this.#o.ticketUrl }),
            )
            .catch((error: unknown) => this.#failed(c, error)),
        ),
    );
    this.#cards.clear();
  }

  /** The card of a ticket: one this board follows, or the ticket's own card in this channel (posted by any process). */
  #follow(ticket: Ticket): Card | undefined {
    const known = this.#cards.get(ticket.id);
    if (known !== undefined || this.#closed) return known;
    const bound = ticket.card;
    if (bound === undefined || bound.channelId !== this.#o.channelId) return undefined;
    return this.#add(ticket.id, bound.channelId, bound.messageId, ticket);
  }

  #add(id: string, channelId: string, messageId: string | undefined, ticket: Ticket): Card {
    const card: Card = { channelId, messageId, latest: ticket, dirty: false, editing: undefined };
    this.#cards.set(id, card);
    if (this.#cards.size > MAX_CARDS) this.#cards.delete(this.#cards.keys().next().value as string);
    return card;
  }

  #update(card: Card, ticket: Ticket): void {
    card.latest = ticket;
    card.dirty = true;
    if (card.editing !== undefined || card.messageId === undefined) return;
    card.editing = this.#drain(card);
  }

  async #drain(card: Card): Promise<void> {
    while (card.dirty) {
      card.dirty = false;
      const ticket = card.latest;
      try {
        await this.#o.messages.edit(
          card.channelId,
          card.messageId as string,
          renderCard(ticket, { ticketUrl: this.#o.ticketUrl }),
        );
      } catch (error) {
        this.#failed(card, error);
      }
    }
    card.editing = undefined;
    if (FINAL.has(card.latest.status)) this.#cards.delete(card.latest.id);
  }

  #failed(card: Card, error: unknown): void {
    this.#o.logger.warn('could not update an order card', {
      ticket: card.latest.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}
