import type { Actor, AuditLog } from '../audit/index.js';
import type { InstrumentCatalog } from '../catalogue/index.js';
import { checkDailyCaps, type TradingPolicy } from '../checks/index.js';
import type { BrokerClient } from '../client/types.js';
import type { Clock } from '../clock.js';
import { toIstIso } from '../time/ist.js';
import { auditTransition, legsForAudit, recheck } from './approval.js';
import { GateError, isGateError } from './errors.js';
import { brokerFollower, feedFollower, type OrderFeed } from './follow.js';
import { KillSwitch } from './kill-switch.js';
import { TicketOutcomes } from './outcomes.js';
import { statusFromLegs } from './placement.js';
import { buildTicket } from './preview.js';
import { DEFAULT_SETTLE, type SettleTiming } from './reconcile.js';
import { settledBefore, snapshotOf, TicketReplay } from './replay.js';
import { RestoreState } from './restore-state.js';
import { normalizeTicketId } from './ticket-id.js';
import { type HeldTicket, type Retention, TicketStore } from './ticket-store.js';
import type { Ticket, TicketRequest } from './types.js';
import { DailyUsageBook, SUBMITTED } from './usage.js';

/** The broker methods the gate uses. */
export type GateBroker = Pick<
  BrokerClient,
  | 'getQuote'
  | 'calculateSpan'
  | 'getLimits'
  | 'placeOrder'
  | 'placeOrders'
  | 'placeLongStraddle'
  | 'getOrderBook'
  | 'waitForOrder'
>;

export interface GateOptions {
  readonly broker: GateBroker;
  /** The current instrument master (it changes as expiries roll). */
  readonly catalog: () => InstrumentCatalog;
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly policy: TradingPolicy & { readonly killSwitchFile?: string };
  /** How long a ticket waits for a decision (default 120 s). */
  readonly ttlMs?: number;
  /** Largest price move allowed between preview and approval, percent (default 2). */
  readonly maxPriceDriftPct?: number;
  /** The move always allowed, in ticks, however cheap the contract (default 10). */
  readonly maxPriceDriftTicks?: number;
  /** How long an approval waits for the orders to be accepted or rejected before answering (default 10 s). */
  readonly acceptWaitMs?: number;
  /** How long the gate keeps following open orders afterwards (default 15 min). */
  readonly followMs?: number;
  /** How an ambiguous placement is settled from the order book. */
  readonly settle?: Partial<SettleTiming>;
  /** How long settled tickets stay in memory (default an hour, at most 500). */
  readonly retention?: Partial<Retention>;
  /**
   * The order watcher: when given, tickets follow their orders from its events (one look at the books
   * for all of them) instead of each reading its orders' histories.
   */
  readonly feed?: OrderFeed;
}

/** Told of every ticket change (a copy: listeners cannot change the gate's tickets). */
export type TicketListener = (ticket: Ticket, event: string) => void;

const DEFAULT_RETENTION: Retention = { settledMs: 60 * 60_000, maxSettled: 500 };

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
  readonly #usage = new DailyUsageBook();
  readonly #life = new AbortController();
  readonly #outcomes: TicketOutcomes;

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
    const unsubscribe = options.feed?.subscribe((event) => this.#outcomes.observe(event));
    if (unsubscribe) this.#life.signal.addEventListener('abort', unsubscribe, { once: true });
  }

  /**
   * Opens the gate over its audit log: the day's usage of the caps and every ticket still in play come
   * back (a pending one can still be decided, an ambiguous one is settled from the order book).
   */
  static async open(options: GateOptions): Promise<OrderGate> {
    const gate = new OrderGate(options);
    await gate.#restore();
    return gate;
  }

  /** Previews a request into a ticket: `PENDING` for a human to decide, or `REFUSED` with the violations. */
  async preview(request: TicketRequest, requestedBy: Actor, signal?: AbortSignal): Promise<Ticket> {
    const ticket = await buildTicket(request, requestedBy, {
      broker: this.#o.broker,
      catalog: this.#o.catalog(),
      policy: this.#o.policy,
      context: this.#context(),
      ttlMs: this.#o.ttlMs ?? 120_000,
      ...(signal === undefined ? {} : { signal }),
    });
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
    if (ticket.status === 'PENDING') this.#expireLater(held);
    return this.#copy(ticket);
  }

  /**
   * A human's approval: single use. Holds the ticket's share of the daily caps at once (so concurrent
   * approvals cannot all pass), re-checks hash, time to live, kill switch, caps and price drift, then
   * sends the orders once and answers once the broker accepted or rejected them. An ambiguous outcome
   * stays UNKNOWN until the order book proves it either way.
   */
  async approve(
    id: string,
    approver: Actor,
    options: { expectedHash?: string; signal?: AbortSignal } = {},
  ): Promise<Ticket> {
    const key = normalizeTicketId(id);
    const held = this.#pending(this.#store.get(key) ?? (await this.#notInPlay(key)));
    const ticket = held.ticket;
    if (options.expectedHash !== undefined && options.expectedHash !== ticket.hash) {
      await this.#o.audit.append({
        event: 'approval_refused',
        ticket: key,
        actor: approver,
        data: { reason: 'hash mismatch' },
      });
      throw new GateError(
        'TICKET_TAMPERED',
        `the approval names a different version of ticket ${key}; nothing was sent`,
      );
    }
    // Compare-and-set and the hold on the caps: nothing awaits between the PENDING check and here.
    const now = this.#o.clock.now();
    ticket.status = 'SUBMITTING';
    ticket.decidedBy = approver;
    ticket.decidedAt = toIstIso(now);
    held.touchedAt = now;
    this.#usage.prune(now);
    const orders = ticket.legs.length;
    const previewValue = ticket.legs.reduce((sum, l) => sum + (l.value ?? 0), 0);
    const overCaps = checkDailyCaps(
      { orders, value: previewValue },
      this.#usage.today(now, key),
      this.#o.policy,
    );
    const hold = overCaps.length === 0 ? this.#usage.hold(key, now, orders, previewValue) : undefined;
    try {
      await auditTransition(this.#o.audit, ticket, 'approved', approver, {
        hash: ticket.hash,
        ...(hold === undefined ? {} : { hold }),
      });
      if (overCaps.length > 0) {
        throw new GateError('CHECKS_FAILED', overCaps.map((v) => v.message).join(' '), {
          violations: overCaps,
        });
      }
      const value = await recheck(ticket, {
        broker: this.#o.broker,
        policy: this.#o.policy,
        context: this.#context(key),
        drift: { maxPct: this.#o.maxPriceDriftPct ?? 2, minTicks: this.#o.maxPriceDriftTicks ?? 10 },
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      // Others may have approved while prices were read: hold the current value only if the caps allow it.
      const later = this.#o.clock.now();
      const current = value ?? previewValue;
      const stillOver = checkDailyCaps(
        { orders, value: current },
        this.#usage.today(later, key),
        this.#o.policy,
      );
      if (stillOver.length > 0) {
        throw new GateError('CHECKS_FAILED', stillOver.map((v) => v.message).join(' '), {
          violations: stillOver,
        });
      }
      const sending = this.#usage.hold(key, later, orders, current);
      await auditTransition(this.#o.audit, ticket, SUBMITTED, undefined, {
        orders,
        value: current,
        hold: sending,
      });
      held.sentAt = this.#o.clock.now();
    } catch (error) {
      await this.#refuseApproved(held, approver, error);
      throw isGateError(error) ? error : new GateError('CHECKS_FAILED', ticket.reason ?? 'refused');
    }
    await this.#outcomes.submit(held, options.signal);
    return this.#copy(ticket);
  }

  /** A human's refusal: the ticket can never be approved afterwards. */
  async decline(id: string, actor: Actor, reason = 'declined'): Promise<Ticket> {
    const key = normalizeTicketId(id);
    const held = this.#pending(this.#store.get(key) ?? (await this.#notInPlay(key)));
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

  /** A copy of a ticket in memory (every ticket in play, and recently settled ones), in any letter case. */
  get(id: string): Ticket | undefined {
    const held = this.#store.get(normalizeTicketId(id));
    if (held) this.#expireIfDue(held);
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
   * The ticket as it stands now: found like `find`, and when its outcome is still open, asked of the
   * broker first (an ambiguous one in the order book, a placed one in its orders' histories).
   */
  async status(id: string, signal?: AbortSignal): Promise<Ticket | undefined> {
    const held = this.#store.get(normalizeTicketId(id));
    if (!held) return this.find(id);
    this.#expireIfDue(held);
    if (held.ticket.status === 'UNKNOWN') await this.#outcomes.look(held, signal);
    else if (held.ticket.status === 'PLACED') await this.#outcomes.follow(held, 'final', 0, signal);
    return this.#copy(held.ticket);
  }

  /** Copies of the tickets in memory, newest first. */
  list(): Ticket[] {
    return this.#store.list().map((h) => {
      this.#expireIfDue(h);
      return this.#copy(h.ticket);
    });
  }

  /** Resolves once a ticket has left PENDING (approved, declined, expired), with its state then. */
  waitForDecision(id: string, signal?: AbortSignal): Promise<Ticket> {
    const key = normalizeTicketId(id);
    const current = this.get(key);
    if (!current) return Promise.reject(new GateError('TICKET_NOT_FOUND', `no ticket ${key}`));
    if (current.status !== 'PENDING') return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const stop = this.onChange((t) => {
        if (t.id === key && t.status !== 'PENDING') {
          stop();
          resolve(t);
        }
      });
      signal?.addEventListener(
        'abort',
        () => {
          stop();
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  /** Engages or releases the runtime kill switch (the file switch is separate); recorded with who did it. */
  async setKillSwitch(on: boolean, actor: Actor): Promise<void> {
    this.killSwitch.set(on);
    await this.#o.audit.append({ event: on ? 'kill_switch_on' : 'kill_switch_off', actor });
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
    await Promise.all(waiting.map((held) => this.#expire(held, reason)));
  }

  /** Stops the timers and the following of orders. */
  close(): void {
    this.#life.abort(new Error('the order gate is closed'));
  }

  /** Throws unless the ticket can still be decided. */
  #pending(held: HeldTicket): HeldTicket {
    const { ticket } = held;
    this.#expireIfDue(held);
    if (ticket.status === 'EXPIRED')
      throw new GateError(
        'TICKET_EXPIRED',
        `ticket ${ticket.id} expired at ${ticket.expiresAt}: preview again`,
      );
    if (ticket.status !== 'PENDING') {
      throw new GateError(
        'TICKET_DECIDED',
        `ticket ${ticket.id} is already ${ticket.status}; a ticket is decided once`,
      );
    }
    return held;
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

  /** An approval that failed before anything was sent: the hold is given back, the refusal recorded. */
  async #refuseApproved(held: HeldTicket, approver: Actor, error: unknown): Promise<void> {
    const { ticket } = held;
    const release = this.#usage.release(ticket.id);
    ticket.status = 'REFUSED';
    ticket.reason = isGateError(error)
      ? error.message
      : 'the approval could not be recorded; nothing was sent';
    held.touchedAt = this.#o.clock.now();
    await auditTransition(this.#o.audit, ticket, 'refused', approver, {
      reason: ticket.reason,
      ...(release === undefined ? {} : { release }),
    }).catch(() => undefined);
    this.#emit(ticket, 'refused');
  }

  #context(except?: string) {
    const now = this.#o.clock.now();
    return { now, usage: this.#usage.today(now, except), killSwitch: this.killSwitch.state() };
  }

  /**
   * Records the legs' latest outcomes: the ticket's status follows them, legs proved never to have
   * reached the broker give back their share of the caps, and unchanged updates are not written twice.
   */
  async #record(held: HeldTicket, event: string): Promise<void> {
    const { ticket } = held;
    ticket.status = statusFromLegs(ticket);
    const legs = legsForAudit(ticket);
    const seen = JSON.stringify(legs);
    if (event === 'order_update' && held.lastAudited === seen) return;
    held.lastAudited = seen;
    held.touchedAt = this.#o.clock.now();
    const freed = ticket.legs.flatMap((l, i) =>
      l.outcome?.status === 'NOT_PLACED' && !held.releasedLegs.has(i) ? [i] : [],
    );
    for (const i of freed) held.releasedLegs.add(i);
    const release =
      freed.length === 0
        ? undefined
        : this.#usage.release(ticket.id, {
            orders: freed.length,
            value: freed.reduce((sum, i) => sum + (ticket.legs[i]?.value ?? 0), 0),
          });
    try {
      await auditTransition(this.#o.audit, ticket, event, undefined, {
        legs,
        ...(release === undefined ? {} : { release, releasedLegs: freed }),
      });
    } catch {
      ticket.warnings.push(
        `the audit log could not record "${event}"; the orders' state is still shown here`,
      );
    }
    this.#emit(ticket, event);
  }

  /**
   * Rebuilds the halt, usage and tickets from the audit log (its last checkpoint and the lines after it;
   * the log keeps that state up to date from here on), then picks up what the last process left in play.
   */
  async #restore(): Promise<void> {
    const retention = { ...DEFAULT_RETENTION, ...this.#o.retention };
    const state = new RestoreState(retention, this.#o.clock);
    await this.#o.audit.replay(state);
    const now = this.#o.clock.now();
    this.killSwitch.set(state.halted);
    this.#usage.load(state.usage.snapshot());
    this.#usage.prune(now);
    // Copies: the log's state goes on taking in what is written.
    for (const r of structuredClone(state.tickets.snapshot())) {
      if (settledBefore(r, now - retention.settledMs)) continue;
      const held: HeldTicket = {
        ticket: r.ticket,
        releasedLegs: new Set(r.releasedLegs),
        touchedAt: r.lastAt,
        ...(r.sentAt === undefined ? {} : { sentAt: r.sentAt }),
      };
      this.#store.add(held, now);
      await this.#resume(held, r.submitted);
    }
  }

  async #resume(held: HeldTicket, submitted: boolean): Promise<void> {
    const { ticket } = held;
    if (ticket.status === 'PENDING') {
      this.#expireIfDue(held);
      if (ticket.status === 'PENDING') this.#expireLater(held);
    } else if (ticket.status === 'SUBMITTING' && !submitted) {
      // `submitted` is written just before sending: without it, nothing was sent.
      for (const leg of ticket.legs) {
        leg.outcome = { status: 'NOT_PLACED', reason: 'omsdesk stopped before sending it; nothing was sent' };
      }
      await this.#record(held, 'restored');
    } else if (ticket.status === 'SUBMITTING' || ticket.status === 'UNKNOWN') {
      for (const leg of ticket.legs) {
        if (leg.outcome === undefined || leg.outcome.status === 'UNKNOWN') {
          leg.outcome = {
            status: 'UNKNOWN',
            reason: 'omsdesk stopped while sending it; the order book will tell',
          };
        }
      }
      await this.#record(held, 'restored');
      void this.#outcomes.keepLooking(held);
    } else if (ticket.status === 'PLACED' && this.#o.feed !== undefined) {
      // Orders may have moved on while no process listened: the feed's view tells.
      void this.#outcomes.follow(held, 'final', 0).catch(() => undefined);
    }
  }

  #expireLater(held: HeldTicket): void {
    const due = Date.parse(held.ticket.expiresAt) - this.#o.clock.now();
    this.#o.clock.sleep(Math.max(0, due), this.#life.signal).then(
      () => this.#expireIfDue(held),
      () => undefined,
    );
  }

  #expireIfDue(held: HeldTicket): void {
    const { ticket } = held;
    if (ticket.status !== 'PENDING' || this.#o.clock.now() < Date.parse(ticket.expiresAt)) return;
    void this.#expire(held, 'no decision before the ticket expired');
  }

  /** PENDING to EXPIRED, synchronously (so nothing can approve it meanwhile), then recorded. */
  #expire(held: HeldTicket, reason: string): Promise<unknown> {
    const { ticket } = held;
    ticket.status = 'EXPIRED';
    ticket.reason = reason;
    held.touchedAt = this.#o.clock.now();
    this.#emit(ticket, 'expired');
    return auditTransition(this.#o.audit, ticket, 'expired', undefined, { reason }).catch(() => undefined);
  }

  #emit(ticket: Ticket, event: string): void {
    const copy = this.#copy(ticket);
    for (const listener of this.#listeners) listener(copy, event);
  }

  #copy(ticket: Ticket): Ticket {
    return structuredClone(ticket);
  }
}
