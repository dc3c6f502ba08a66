import type { Actor } from '../audit/index.js';
import type { DailyUsage, TradingPolicy } from '../checks/index.js';
import { normalizeTicketId } from '../orders/ticket-id.js';
import { toIstIso } from '../time/ist.js';
import { auditTransition } from './approval.js';
import { ApprovalSteps } from './approval-steps.js';
import { type CancelAsk, OrderCancels } from './cancels.js';
import { staleCard, wrongPlace } from './decision-source.js';
import { GateError } from './errors.js';
import { TicketExpiry } from './expiry.js';
import { brokerFollower, feedFollower } from './follow.js';
import { KillSwitch } from './kill-switch.js';
import { modification } from './modify.js';
import type { GateOptions, TicketListener } from './options.js';
import { TicketOutcomes } from './outcomes.js';
import { personRefusal } from './person-rules.js';
import { buildTicket, type PlacingRequest } from './preview.js';
import { DEFAULT_SETTLE } from './reconcile.js';
import { recordOutcomes } from './record.js';
import { CARD_POSTED, snapshotOf, TicketReplay } from './replay.js';
import { restoreTickets } from './restore.js';
import { type HeldTicket, type Retention, TicketStore } from './ticket-store.js';
import type {
  CancelResult,
  CardRef,
  DecisionPath,
  DecisionSource,
  HaltReport,
  KillFileListener,
  KillFilePull,
  OrderInput,
  Ticket,
  TicketRequest,
  TicketStatus,
} from './types.js';
import { DailyUsageBook } from './usage.js';

/** A modification's refusals name the order it would have changed. */
async function namingOrder<T>(orderNumber: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (orderNumber === undefined || !(error instanceof GateError)) throw error;
    throw new GateError(error.code, `order ${orderNumber}: ${error.message}`, {
      violations: error.violations,
      candidates: error.candidates,
    });
  }
}

const DEFAULT_RETENTION: Retention = { settledMs: 60 * 60_000, maxSettled: 500 };

/** Who declines the tickets of a credential that ended. */
const WITHDRAWN_BY: Actor = { channel: 'people', id: 'omsdesk' };

/** A decision refused before it reached its ticket (another card, another path, not an approver). */
const DECISION_REFUSED = 'decision_refused';

/**
 * The only way an order reaches the broker: a request becomes a previewed, frozen ticket, and a ticket
 * becomes orders only through one human approval (compare-and-set from PENDING). Every transition is
 * written to the audit log before the next step; the log is also what the gate is rebuilt from.
 */
export class OrderGate {
  readonly killSwitch: KillSwitch;
  readonly #o: GateOptions;
  readonly #store: TicketStore;
  readonly #listeners = new Set<TicketListener>();
  readonly #killFileListeners = new Set<KillFileListener>();
  readonly #usage = new DailyUsageBook();
  readonly #life = new AbortController();
  readonly #outcomes: TicketOutcomes;
  readonly #approvals: ApprovalSteps;
  readonly #expiry: TicketExpiry;
  readonly #cancels: OrderCancels;
  /** Tickets the last process left in play, found when the gate opened. */
  #carriedOver: readonly string[] = [];

  /**
   * The trading policy the checks apply (market hours, holidays, caps, allowed venues): a tool or a
   * command that must say when or where orders may go reads it here, so it needs no setting of its own.
   */
  get policy(): TradingPolicy {
    return this.#o.policy;
  }

  private constructor(options: GateOptions) {
    this.#o = options;
    this.killSwitch = new KillSwitch(options.policy.killSwitchFile);
    this.#store = new TicketStore({ ...DEFAULT_RETENTION, ...options.retention });
    this.#outcomes = new TicketOutcomes({
      broker: options.broker,
      clock: options.clock,
      follower: options.feed ? feedFollower(options.feed, options.clock) : brokerFollower(options.broker),
      settle: { ...DEFAULT_SETTLE, ...options.settle },
      acceptWaitMs: options.acceptWaitMs ?? 10_000,
      followMs: options.followMs ?? 15 * 60_000,
      life: this.#life.signal,
      held: (id) => this.#store.get(id),
      record: (held, event) => this.#record(held, event),
    });
    this.#expiry = new TicketExpiry({
      audit: options.audit,
      clock: options.clock,
      life: this.#life.signal,
      emit: (ticket, event) => this.#emit(ticket, event),
    });
    this.#approvals = new ApprovalSteps({
      broker: options.broker,
      audit: options.audit,
      clock: options.clock,
      policy: options.policy,
      drift: { maxPct: options.maxPriceDriftPct ?? 2, minTicks: options.maxPriceDriftTicks ?? 10 },
      usage: this.#usage,
      killSwitch: this.killSwitch,
      outcomes: this.#outcomes,
      context: (except) => this.#context(except),
      emit: (ticket, event) => this.#emit(ticket, event),
      ...(options.people === undefined ? {} : { people: options.people }),
      cancelling: (n) => this.#cancels.busy(n),
    });
    this.#cancels = new OrderCancels({
      broker: options.broker,
      audit: options.audit,
      findTicket: (id) => this.find(id),
      ...(options.people === undefined ? {} : { people: options.people }),
    });
    const unsubscribe = options.feed?.subscribe((event) => this.#outcomes.observe(event));
    if (unsubscribe) this.#life.signal.addEventListener('abort', unsubscribe, { once: true });
  }

  /**
   * Opens the gate over its audit log: the day's usage of the caps and every ticket still in play come
   * back (a pending one can still be decided, an ambiguous one is settled from the order book).
   */
  static async open(options: GateOptions): Promise<OrderGate> {
    const gate = new OrderGate(options);
    gate.#carriedOver = await restoreTickets({
      audit: options.audit,
      clock: options.clock,
      retention: { ...DEFAULT_RETENTION, ...options.retention },
      killSwitch: gate.killSwitch,
      usage: gate.#usage,
      store: gate.#store,
      outcomes: gate.#outcomes,
      expiry: gate.#expiry,
      record: (held, event) => gate.#record(held, event),
      fed: options.feed !== undefined,
    });
    return gate;
  }

  /**
   * Previews a request into a ticket: `PENDING` for a human to decide, or `REFUSED` with the violations.
   * `waitsFor` is how its human decides (a card, a form, `confirm_order`): decisions that name another way
   * are refused.
   */
  async preview(
    request: TicketRequest,
    requestedBy: Actor,
    signal?: AbortSignal,
    waitsFor?: DecisionPath,
  ): Promise<Ticket> {
    const requester =
      requestedBy.person === undefined ? undefined : this.#o.people?.person(requestedBy.person);
    const changing =
      request.kind === 'modify'
        ? await modification(
            this.#o.broker,
            request.modify,
            (n) => this.#cancels.busy(n),
            signal ? { signal } : {},
          )
        : undefined;
    const placing: PlacingRequest =
      request.kind === 'modify' ? { kind: 'single', order: changing?.input as OrderInput } : request;
    const context = this.#context();
    const built = await namingOrder(changing?.order.orderNumber, () =>
      buildTicket(
        placing,
        requestedBy,
        {
          broker: this.#o.broker,
          catalog: this.#o.catalog(),
          policy: this.#o.policy,
          context,
          ttlMs: this.#o.ttlMs ?? 120_000,
          ...(signal === undefined ? {} : { signal }),
          ...(requester === undefined
            ? {}
            : {
                person: { person: requester, usage: this.#usage.today(context.now, undefined, requester.id) },
              }),
        },
        changing?.order.orderNumber,
      ),
    );
    // A refused modification names the order it would have changed.
    const named =
      changing === undefined || built.reason === undefined
        ? built
        : { ...built, reason: `order ${changing.order.orderNumber}: ${built.reason}` };
    const ticket: Ticket = waitsFor === undefined ? named : { ...named, waitsFor };
    const event = ticket.status === 'PENDING' ? 'previewed' : 'refused';
    // Registered only once recorded: an unaudited ticket must never be approvable.
    await auditTransition(this.#o.audit, ticket, event, requestedBy, {
      hash: ticket.hash,
      violations: ticket.violations.map((v) => v.rule),
      ticket: snapshotOf(ticket),
    });
    const held: HeldTicket = { ticket, releasedLegs: new Set(), touchedAt: this.#o.clock.now() };
    this.#store.add(held, this.#o.clock.now());
    this.#emit(ticket, event);
    if (ticket.status === 'PENDING') this.#expiry.later(held);
    return this.#copy(ticket);
  }

  /**
   * A human's approval: single use. Holds the ticket's share of the daily caps at once (so concurrent
   * approvals cannot all pass), re-checks hash, time to live, caps and price drift, takes a last look at
   * the kill switch right before sending (see `ApprovalSteps`), then sends the orders once and answers once
   * the broker accepted or rejected them. An ambiguous outcome stays UNKNOWN until the order book proves it
   * either way. `via` names where the decision was made; one made anywhere but where the ticket waits is
   * refused and recorded, and the ticket still waits.
   */
  async approve(
    id: string,
    approver: Actor,
    options: { expectedHash?: string; signal?: AbortSignal; via?: DecisionSource } = {},
  ): Promise<Ticket> {
    const held = this.#decidable(id, approver, 'approve', options.via);
    if (held instanceof Promise) return held;
    const { ticket } = held;
    if (options.expectedHash !== undefined && options.expectedHash !== ticket.hash) {
      await this.#o.audit.append({
        event: 'approval_refused',
        ticket: ticket.id,
        actor: approver,
        data: { reason: 'hash mismatch' },
      });
      throw new GateError(
        'TICKET_TAMPERED',
        `the approval names a different version of ticket ${ticket.id}; nothing was sent`,
      );
    }
    // Still PENDING: nothing awaited since `#decidable` read it so, and `approve` takes it out at once.
    await this.#approvals.approve(held, approver, options.signal);
    return this.#copy(ticket);
  }

  /** A human's refusal: the ticket can never be approved afterwards. `via` as for `approve`. */
  async decline(id: string, actor: Actor, reason = 'declined', via?: DecisionSource): Promise<Ticket> {
    const held = this.#decidable(id, actor, 'decline', via);
    if (held instanceof Promise) return held;
    const { ticket } = held;
    ticket.status = 'DECLINED';
    ticket.decidedBy = actor;
    ticket.decidedAt = toIstIso(this.#o.clock.now());
    ticket.reason = reason;
    held.touchedAt = this.#o.clock.now();
    await auditTransition(this.#o.audit, ticket, 'declined', actor, { reason });
    this.#emit(ticket, 'declined');
    return this.#copy(ticket);
  }

  /**
   * Records where a pending ticket's card was posted: from then on a click decides it only on that card.
   * Set at once, then written to the audit log (so it outlives a restart).
   */
  async bindCard(id: string, card: CardRef): Promise<void> {
    const key = normalizeTicketId(id);
    const held = this.#store.get(key);
    if (held?.ticket.status !== 'PENDING' || held.ticket.waitsFor !== 'discord') {
      throw new GateError('TICKET_NOT_FOUND', `no ticket ${key} waits for a card`);
    }
    held.ticket.card = { channelId: card.channelId, messageId: card.messageId };
    await this.#o.audit.append({ event: CARD_POSTED, ticket: key, data: { card: held.ticket.card } });
  }

  /**
   * Declines, in omsdesk's name and with `reason` (audited, told to listeners such as the cards), every
   * ticket still waiting that was asked with this personal token or by this person: a credential that
   * ended ends what it started. A ticket already being approved is stopped by its last look instead.
   */
  async withdraw(asked: { credential?: string; person?: string }, reason: string): Promise<Ticket[]> {
    const mine = (t: Ticket): boolean =>
      t.status === 'PENDING' &&
      ((asked.credential !== undefined && t.requestedBy.credential === asked.credential) ||
        (asked.person !== undefined && t.requestedBy.person === asked.person));
    const waiting = this.#store.list().filter((h) => mine(h.ticket));
    const why = `Declined: ${reason}, so what it asked for ends; nothing was sent.`;
    const declined = await Promise.all(
      waiting.map((h) => this.decline(h.ticket.id, WITHDRAWN_BY, why).catch(() => undefined)),
    );
    return declined.filter((t): t is Ticket => t !== undefined);
  }

  /**
   * Records a decision refused before it reached the ticket (by whoever guards the way to it: not an
   * approver, another server, the requester under four-eyes); the ticket is unchanged.
   */
  async refuseDecision(id: string, actor: Actor, reason: string): Promise<void> {
    await this.#o.audit.append({
      event: DECISION_REFUSED,
      ticket: normalizeTicketId(id),
      actor,
      data: { reason },
    });
  }

  /** A copy of a ticket in memory (every ticket in play, and recently settled ones), in any letter case. */
  get(id: string): Ticket | undefined {
    const held = this.#store.get(normalizeTicketId(id));
    if (held) this.#expiry.ifDue(held);
    return held && this.#copy(held.ticket);
  }

  /** A ticket from memory or, when settled long ago or before a restart, rebuilt from the audit log. */
  async find(id: string): Promise<Ticket | undefined> {
    const key = normalizeTicketId(id);
    const memory = this.get(key);
    if (memory) return memory;
    const replay = new TicketReplay();
    await this.#o.audit.scan((entry) => replay.absorb(entry), { ticket: key });
    const found = replay.get(key);
    return found && this.#copy(found.ticket);
  }

  /**
   * When the audit log says a ticket's orders left (its first `sent` line) and when it last recorded
   * anything of it: what is known of an order once the broker's book no longer holds it.
   */
  async recordedTimes(id: string): Promise<{ sentAt?: string; lastAt?: string }> {
    const times: { sentAt?: string; lastAt?: string } = {};
    await this.#o.audit.scan(
      (entry) => {
        if (entry.event === 'sent') times.sentAt ??= entry.at;
        times.lastAt = entry.at;
      },
      { ticket: normalizeTicketId(id) },
    );
    return times;
  }

  /**
   * The ticket as it stands now: found like `find`, and when its outcome is still open, asked of the
   * broker first (an ambiguous one in the order book, a placed one in its orders' histories).
   */
  async status(id: string, signal?: AbortSignal): Promise<Ticket | undefined> {
    const held = this.#store.get(normalizeTicketId(id));
    if (!held) return this.find(id);
    this.#expiry.ifDue(held);
    await held.expiring;
    if (held.ticket.status === 'UNKNOWN') await this.#outcomes.look(held, signal);
    else if (held.ticket.status === 'PLACED') await this.#outcomes.follow(held, 'final', 0, signal);
    return this.#copy(held.ticket);
  }

  /** How many tickets the gate holds in memory (in play, and recently settled) in each status; nothing copied. */
  countByStatus(): Map<TicketStatus, number> {
    const counts = new Map<TicketStatus, number>();
    for (const held of this.#store.list()) {
      const { status } = held.ticket;
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    return counts;
  }

  /** What a person's tickets hold of today's caps (IST), as approvals reserved it. */
  usageOf(person: string): DailyUsage {
    return this.#usage.today(this.#o.clock.now(), undefined, person);
  }

  /** Copies of the tickets in memory, newest first. */
  list(): Ticket[] {
    return this.#store.list().map((h) => {
      this.#expiry.ifDue(h);
      return this.#copy(h.ticket);
    });
  }

  /**
   * Halts trading: engages the runtime kill switch at once, so no ticket passes its last look afterwards,
   * and records it with who did it and why. Resolves, once the broker answered their sending, with the
   * tickets that had passed their last look before: the orders that left before the halt took hold.
   */
  async halt(actor: Actor, reason?: string, options: { cancelWorking?: boolean } = {}): Promise<HaltReport> {
    const leaving = this.#approvals.halt();
    const cancelWorking = options.cancelWorking === true;
    await this.#o.audit.append({
      event: 'kill_switch_on',
      actor,
      data: {
        ...(reason ? { reason } : {}),
        leftBefore: leaving.map((l) => l.held.ticket.id),
        ...(cancelWorking ? { cancelWorking } : {}),
      },
    });
    await Promise.all(leaving.map((l) => l.sent));
    const leftBefore = leaving.map((l) => this.#copy(l.held.ticket));
    if (!cancelWorking) return { leftBefore };
    // Pulled after the orders that left before the halt were answered: they are in the book by then.
    return { leftBefore, pulled: await this.pullAll(actor, { halt: true }) };
  }

  /**
   * Cancels one working order for a person (no confirmation: a cancel removes risk, and goes through a
   * halt). Refused with `INVALID_ORDER` or `NOT_ALLOWED`, naming the order, when it is not the account's
   * today or not theirs to cancel (see `OrderCancels`); otherwise the outcome as the broker tells it.
   */
  cancel(orderNumber: string, ask: CancelAsk): Promise<CancelResult> {
    return this.#cancels.cancel(orderNumber, ask);
  }

  /**
   * Cancels every working order of the account, each reported (cancelled, already filled, failed and
   * why) and audited; what a halt that pulls does. A book that cannot be read throws: nothing was pulled.
   */
  pullAll(actor: Actor, data: Record<string, unknown> = {}): Promise<CancelResult[]> {
    return this.#cancels.cancelAll(actor, data);
  }

  /**
   * Pulls every working order when the kill-switch file appears (`OMSDESK_HALT_CANCELS`): looked for every
   * `intervalMs` until the gate closes; a file already there when this starts was handled before. Each pull
   * (or a book that could not be read) is told to the `onKillFilePull` listeners.
   */
  watchKillFile(options: { readonly intervalMs: number }): void {
    const life = this.#life.signal;
    let present = this.killSwitch.state().fileExists;
    void (async () => {
      while (!life.aborted) {
        await this.#o.clock.sleep(options.intervalMs, life).catch(() => undefined);
        if (life.aborted) return;
        const state = this.killSwitch.state();
        const appeared = state.fileExists && !present;
        present = state.fileExists;
        if (!appeared) continue;
        const actor = { channel: 'kill-file', id: state.filePath ?? 'kill-file' };
        let pull: KillFilePull;
        try {
          pull = { actor, pulled: await this.pullAll(actor, { killFile: true }) };
        } catch (error) {
          pull = { actor, error };
        }
        for (const listener of this.#killFileListeners) {
          try {
            listener(pull);
          } catch {
            // One listener's fault (the log, a channel) keeps the others from hearing nothing.
          }
        }
      }
    })();
  }

  /** Subscribes to the kill file's pulls (see `watchKillFile`); returns the unsubscribe function. */
  onKillFilePull(listener: KillFileListener): () => void {
    this.#killFileListeners.add(listener);
    return () => this.#killFileListeners.delete(listener);
  }

  /** Releases the runtime kill switch (a kill-switch file still halts); recorded with who did it. */
  async resume(actor: Actor): Promise<void> {
    this.killSwitch.set(false);
    await this.#o.audit.append({ event: 'kill_switch_off', actor });
  }

  /**
   * Copies of the tickets the last process left in play (pending, sending, placed or unknown when the
   * gate opened), as they stand now: what a restart must show again, such as their cards.
   */
  carriedOver(): Ticket[] {
    return this.#carriedOver.flatMap((id) => {
      const held = this.#store.get(id);
      return held === undefined ? [] : [this.#copy(held.ticket)];
    });
  }

  /** Subscribes to ticket changes; returns the unsubscribe function. */
  onChange(listener: TicketListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * A graceful stop: tickets still waiting for a decision expire now (recorded, and told to listeners such
   * as the Discord cards), so nothing is left that looks approvable while no process can send it.
   */
  async expirePending(reason = 'omsdesk stopped before anyone decided'): Promise<void> {
    const waiting = this.#store.list().filter((h) => h.ticket.status === 'PENDING');
    await Promise.all(waiting.map((held) => this.#expiry.expire(held, reason)));
  }

  /** Stops the timers and the following of orders. */
  close(): void {
    this.#life.abort(new Error('the order gate is closed'));
  }

  /**
   * The ticket a decision is about, while it can still be decided there; otherwise the refusal (a rejected
   * promise), once recorded: an expiry found here is written before the caller hears of it. Synchronous when
   * the ticket is PENDING (not even a microtask passes), so the caller's compare-and-set still sees it so.
   */
  #decidable(
    id: string,
    actor: Actor,
    decision: 'approve' | 'decline',
    via: DecisionSource | undefined,
  ): HeldTicket | Promise<never> {
    const key = normalizeTicketId(id);
    const held = this.#store.get(key);
    const refuse = (error: GateError): Promise<never> => this.#refused(key, actor, decision, via, error);
    if (held === undefined) {
      return this.#notInPlay(key).catch((error: unknown) =>
        error instanceof GateError ? refuse(error) : Promise.reject(error),
      );
    }
    const { ticket } = held;
    this.#expiry.ifDue(held);
    if (ticket.status === 'EXPIRED') {
      return Promise.resolve(held.expiring).then(() =>
        refuse(
          new GateError('TICKET_EXPIRED', `ticket ${key} expired at ${ticket.expiresAt}: preview again`),
        ),
      );
    }
    if (ticket.status !== 'PENDING') {
      return refuse(
        new GateError(
          'TICKET_DECIDED',
          `ticket ${key} is already ${ticket.status}; a ticket is decided once`,
        ),
      );
    }
    const elsewhere = wrongPlace(ticket, via);
    if (elsewhere !== undefined)
      return refuse(new GateError('TICKET_NOT_FOUND', `${elsewhere}: nothing changed`));
    const stale = staleCard(ticket, via);
    if (stale !== undefined) return refuse(new GateError('TICKET_TAMPERED', `${stale}: nothing was sent`));
    const notTheirs = personRefusal(ticket, actor, decision, via, this.#o.people);
    if (notTheirs === undefined) return held;
    return refuse(new GateError('NOT_ALLOWED', `${notTheirs}: nothing changed`));
  }

  /**
   * Records a human's decision the gate refused (one made through an adapter: `via`), then rejects with
   * it: a late click, a replay, another's ticket or a stale card all leave a line in the audit log.
   */
  async #refused(
    key: string,
    actor: Actor,
    decision: 'approve' | 'decline',
    via: DecisionSource | undefined,
    error: GateError,
  ): Promise<never> {
    if (via !== undefined) {
      await this.#o.audit.append({
        event: DECISION_REFUSED,
        ticket: key,
        actor,
        data: { reason: error.message, code: error.code, decision, path: via.path },
      });
    }
    throw error;
  }

  /** The refusal for a ticket not in memory: decided long ago (found in the audit log), or never issued. */
  async #notInPlay(id: string): Promise<never> {
    const found = await this.find(id);
    if (found) {
      throw new GateError(
        'TICKET_DECIDED',
        `ticket ${id} is already ${found.status}; a ticket is decided once (see get_order_status)`,
      );
    }
    throw new GateError(
      'TICKET_NOT_FOUND',
      `no ticket ${id} in this omsdesk's records: check the id (it starts with T), or preview the order first`,
    );
  }

  #context(except?: string) {
    const now = this.#o.clock.now();
    return { now, usage: this.#usage.today(now, except), killSwitch: this.killSwitch.state() };
  }

  #record(held: HeldTicket, event: string): Promise<void> {
    const { audit, clock } = this.#o;
    return recordOutcomes(
      { audit, clock, usage: this.#usage, emit: (t, e) => this.#emit(t, e) },
      held,
      event,
    );
  }

  #emit(ticket: Ticket, event: string): void {
    const copy = this.#copy(ticket);
    for (const listener of this.#listeners) listener(copy, event);
  }

  #copy(ticket: Ticket): Ticket {
    return structuredClone(ticket);
  }
}
