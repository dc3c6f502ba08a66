import type { Actor, AuditLog } from '../audit/index.js';
import type { InstrumentCatalog } from '../catalogue/index.js';
import type { TradingPolicy } from '../checks/index.js';
import type { BrokerClient } from '../client/types.js';
import type { Clock } from '../clock.js';
import { toIstIso } from '../time/ist.js';
import { auditTransition, legsForAudit, recheck } from './approval.js';
import { GateError, isGateError } from './errors.js';
import { KillSwitch } from './kill-switch.js';
import { legSettled, outcomeOf, reconcileTicket, sendTicket, statusFromLegs } from './placement.js';
import { buildTicket } from './preview.js';
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
  | 'reconcileOrder'
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
  /** How long an approval waits for the orders to be accepted or rejected before answering (default 10 s). */
  readonly acceptWaitMs?: number;
  /** How long the gate keeps following open orders afterwards (default 15 min). */
  readonly followMs?: number;
}

/** Told of every ticket change (a copy: listeners cannot change the gate's tickets). */
export type TicketListener = (ticket: Ticket, event: string) => void;

/**
 * The only way an order reaches the broker: a request becomes a previewed, frozen ticket, and a ticket
 * becomes orders only through one human approval (compare-and-set from PENDING). Every transition is
 * written to the audit log before the next step.
 */
export class OrderGate {
  readonly killSwitch: KillSwitch;
  readonly #o: GateOptions;
  readonly #tickets = new Map<string, Ticket>();
  readonly #listeners = new Set<TicketListener>();
  readonly #usage: DailyUsageBook;
  readonly #life = new AbortController();
  /** The last leg outcomes written per ticket, so following writes only changes. */
  readonly #lastAudited = new Map<string, string>();

  constructor(options: GateOptions) {
    this.#o = options;
    this.killSwitch = new KillSwitch(options.policy.killSwitchFile);
    this.#usage = new DailyUsageBook(options.audit.entries());
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
    // Registered only once recorded: an unaudited ticket must never be approvable.
    await auditTransition(
      this.#o.audit,
      ticket,
      ticket.status === 'PENDING' ? 'previewed' : 'refused',
      requestedBy,
      {
        kind: ticket.kind,
        hash: ticket.hash,
        legs: ticket.legs.map((l) => l.wire),
        straddle: ticket.straddle,
        violations: ticket.violations.map((v) => v.rule),
      },
    );
    this.#tickets.set(ticket.id, ticket);
    this.#emit(ticket, ticket.status === 'PENDING' ? 'previewed' : 'refused');
    if (ticket.status === 'PENDING') this.#expireLater(ticket);
    return this.#copy(ticket);
  }

  /**
   * A human's approval: single use. Re-checks hash, time to live, kill switch, caps and price drift, then
   * sends the orders once, settles an ambiguous outcome by tag, and answers once the broker accepted or
   * rejected them (the gate keeps following open orders afterwards).
   */
  async approve(
    id: string,
    approver: Actor,
    options: { expectedHash?: string; signal?: AbortSignal } = {},
  ): Promise<Ticket> {
    const ticket = this.#pending(id);
    if (options.expectedHash !== undefined && options.expectedHash !== ticket.hash) {
      await this.#o.audit.append({
        event: 'approval_refused',
        ticket: id,
        actor: approver,
        data: { reason: 'hash mismatch' },
      });
      throw new GateError(
        'TICKET_TAMPERED',
        `the approval names a different version of ticket ${id}; nothing was sent`,
      );
    }
    // Compare-and-set: nothing awaits between the PENDING check above and this line.
    ticket.status = 'SUBMITTING';
    ticket.decidedBy = approver;
    ticket.decidedAt = toIstIso(this.#o.clock.now());
    try {
      await auditTransition(this.#o.audit, ticket, 'approved', approver, { hash: ticket.hash });
      await recheck(ticket, {
        broker: this.#o.broker,
        policy: this.#o.policy,
        context: this.#context(),
        maxPriceDriftPct: this.#o.maxPriceDriftPct ?? 2,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      const value = ticket.legs.reduce((sum, l) => sum + (l.value ?? 0), 0);
      await auditTransition(this.#o.audit, ticket, SUBMITTED, undefined, {
        orders: ticket.legs.length,
        value,
      });
      this.#usage.record(this.#o.clock.now(), ticket.legs.length, value);
    } catch (error) {
      ticket.status = 'REFUSED';
      ticket.reason = isGateError(error)
        ? error.message
        : 'the approval could not be recorded; nothing was sent';
      await auditTransition(this.#o.audit, ticket, 'refused', approver, { reason: ticket.reason }).catch(
        () => undefined,
      );
      this.#emit(ticket, 'refused');
      throw isGateError(error) ? error : new GateError('CHECKS_FAILED', ticket.reason);
    }
    await this.#submit(ticket, options.signal);
    return this.#copy(ticket);
  }

  /** A human's refusal: the ticket can never be approved afterwards. */
  async decline(id: string, actor: Actor, reason = 'declined'): Promise<Ticket> {
    const ticket = this.#pending(id);
    ticket.status = 'DECLINED';
    ticket.decidedBy = actor;
    ticket.decidedAt = toIstIso(this.#o.clock.now());
    ticket.reason = reason;
    await auditTransition(this.#o.audit, ticket, 'declined', actor, { reason });
    this.#emit(ticket, 'declined');
    return this.#copy(ticket);
  }

  /** A copy of a ticket, or undefined when the id is unknown. */
  get(id: string): Ticket | undefined {
    const ticket = this.#tickets.get(id);
    if (ticket) this.#expireIfDue(ticket);
    return ticket && this.#copy(ticket);
  }

  /** Copies of every ticket, newest first. */
  list(): Ticket[] {
    return [...this.#tickets.values()].reverse().map((t) => this.#copy(t));
  }

  /** Resolves once a ticket has left PENDING (approved, declined, expired), with its state then. */
  waitForDecision(id: string, signal?: AbortSignal): Promise<Ticket> {
    const current = this.get(id);
    if (!current) return Promise.reject(new GateError('TICKET_NOT_FOUND', `no ticket ${id}`));
    if (current.status !== 'PENDING') return Promise.resolve(current);
    return new Promise((resolve, reject) => {
      const stop = this.onChange((t) => {
        if (t.id === id && t.status !== 'PENDING') {
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

  /** Stops the timers and the following of orders. */
  close(): void {
    this.#life.abort(new Error('the order gate is closed'));
  }

  #pending(id: string): Ticket {
    const ticket = this.#tickets.get(id);
    if (!ticket) throw new GateError('TICKET_NOT_FOUND', `no ticket ${id}: preview the order first`);
    this.#expireIfDue(ticket);
    if (ticket.status === 'EXPIRED')
      throw new GateError('TICKET_EXPIRED', `ticket ${id} expired at ${ticket.expiresAt}: preview again`);
    if (ticket.status !== 'PENDING') {
      throw new GateError(
        'TICKET_DECIDED',
        `ticket ${id} is already ${ticket.status}; a ticket is decided once`,
      );
    }
    return ticket;
  }

  #context() {
    const now = this.#o.clock.now();
    return { now, usage: this.#usage.today(now), killSwitch: this.killSwitch.state() };
  }

  /** Sends and settles; never throws, since after sending the caller must learn what happened. */
  async #submit(ticket: Ticket, signal?: AbortSignal): Promise<void> {
    await sendTicket(this.#o.broker, ticket, signal);
    await this.#settle(ticket, 'sent');
    if (ticket.status === 'UNKNOWN') {
      await reconcileTicket(this.#o.broker, ticket, signal);
      await this.#settle(ticket, 'reconciled');
    }
    await this.#follow(ticket, 'accepted', this.#o.acceptWaitMs ?? 10_000);
    if (ticket.legs.some((l) => !legSettled(l.outcome) && l.outcome?.orderNumber)) {
      void this.#follow(ticket, 'final', this.#o.followMs ?? 15 * 60_000).catch(() => undefined);
    }
  }

  async #follow(ticket: Ticket, until: 'accepted' | 'final', timeoutMs: number): Promise<void> {
    await Promise.all(
      ticket.legs.map(async (leg) => {
        const number = leg.outcome?.orderNumber;
        if (!number || legSettled(leg.outcome)) return;
        try {
          const seen = await this.#o.broker.waitForOrder(number, {
            until,
            timeoutMs,
            signal: this.#life.signal,
          });
          leg.outcome = outcomeOf(seen.order);
        } catch {
          // Following is best effort: the order's fate stays readable from the broker.
        }
      }),
    );
    await this.#settle(ticket, 'order_update');
  }

  async #settle(ticket: Ticket, event: string): Promise<void> {
    ticket.status = statusFromLegs(ticket);
    const legs = legsForAudit(ticket);
    const seen = JSON.stringify(legs);
    if (event === 'order_update' && this.#lastAudited.get(ticket.id) === seen) return;
    this.#lastAudited.set(ticket.id, seen);
    try {
      await auditTransition(this.#o.audit, ticket, event, undefined, { legs });
    } catch {
      ticket.warnings.push(
        `the audit log could not record "${event}"; the orders' state is still shown here`,
      );
    }
    this.#emit(ticket, event);
  }

  #expireLater(ticket: Ticket): void {
    const due = Date.parse(ticket.expiresAt) - this.#o.clock.now();
    this.#o.clock.sleep(Math.max(0, due), this.#life.signal).then(
      () => this.#expireIfDue(ticket),
      () => undefined,
    );
  }

  #expireIfDue(ticket: Ticket): void {
    if (ticket.status !== 'PENDING' || this.#o.clock.now() < Date.parse(ticket.expiresAt)) return;
    ticket.status = 'EXPIRED';
    ticket.reason = 'no decision before the ticket expired';
    void auditTransition(this.#o.audit, ticket, 'expired').catch(() => undefined);
    this.#emit(ticket, 'expired');
  }

  #emit(ticket: Ticket, event: string): void {
    const copy = this.#copy(ticket);
    for (const listener of this.#listeners) listener(copy, event);
  }

  #copy(ticket: Ticket): Ticket {
    return structuredClone(ticket);
  }
}
