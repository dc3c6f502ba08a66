import type { Actor, AuditLog } from '../audit/index.js';
import {
  type CheckContext,
  checkDailyCaps,
  checkSwitches,
  type TradingPolicy,
  type Violation,
} from '../checks/index.js';
import type { BrokerClient } from '../client/types.js';
import type { Clock } from '../clock.js';
import { personCaps } from '../people/person.js';
import { toIstIso } from '../time/ist.js';
import { auditTransition, recheck } from './approval.js';
import { GateError, isGateError } from './errors.js';
import type { KillSwitch } from './kill-switch.js';
import type { DriftLimit } from './market.js';
import type { TicketOutcomes } from './outcomes.js';
import { checkPersonCaps } from './person-caps.js';
import { type GatePeople, isOwnTicket, requesterRefusal } from './person-rules.js';
import type { HeldTicket } from './ticket-store.js';
import type { Ticket } from './types.js';
import { type DailyUsageBook, SUBMITTED } from './usage.js';

/** What approving needs from the gate. */
export interface ApprovalDeps {
  readonly broker: Pick<BrokerClient, 'getQuote'>;
  readonly audit: AuditLog;
  readonly clock: Clock;
  readonly policy: TradingPolicy;
  readonly drift: DriftLimit;
  readonly usage: DailyUsageBook;
  readonly killSwitch: KillSwitch;
  readonly outcomes: TicketOutcomes;
  /** The checks' context as of now, leaving out the ticket's own hold. */
  readonly context: (except: string) => CheckContext;
  /** Tells the gate's listeners of a change. */
  readonly emit: (ticket: Ticket, event: string) => void;
  /** With a people file: the requester's own caps, read as the people file says at each step. */
  readonly people?: GatePeople;
  /** True while a cancel of this order is under way: a modification of it is then refused at its last look. */
  readonly cancelling?: (orderNumber: string) => boolean;
}

/** A ticket past its last look whose sending the broker has not answered yet. */
export interface Leaving {
  readonly held: HeldTicket;
  /** Settles once the broker answered (or the call failed) and the answer is recorded. */
  readonly sent: Promise<void>;
}

function capsError(violations: readonly Violation[]): GateError {
  return new GateError('CHECKS_FAILED', violations.map((v) => v.message).join(' '), { violations });
}

/**
 * A human's approval, step by step. Reserve: out of PENDING and a hold on the daily caps, with nothing
 * awaited since the ticket was read as pending. Re-check: hash, policy and price drift at current quotes,
 * then the people file and tokens read again and the caps again at the current value. Last look: the kill
 * switch (runtime flag and file) and the requester's standing (their token, their role) read after the
 * last await, immediately before the orders leave. Send. A halt engaged before a ticket's last look
 * refuses it; `halt` names every ticket that had passed it, so nothing leaves unreported.
 */
export class ApprovalSteps {
  readonly #d: ApprovalDeps;
  readonly #leaving = new Map<string, Leaving>();

  constructor(deps: ApprovalDeps) {
    this.#d = deps;
  }

  /**
   * Approves a ticket the caller just read as PENDING (synchronously: the compare-and-set happens here,
   * before the first await). Throws a `GateError` when refused, which is recorded and nothing is sent;
   * once sent, resolves after the broker's first word, never throwing.
   */
  async approve(held: HeldTicket, approver: Actor, signal?: AbortSignal): Promise<void> {
    const { ticket } = held;
    const previewValue = ticket.legs.reduce((sum, l) => sum + (l.value ?? 0), 0);
    const { overCaps, hold } = this.#reserve(held, approver, previewValue);
    try {
      await auditTransition(this.#d.audit, ticket, 'approved', approver, {
        hash: ticket.hash,
        ...(hold === undefined ? {} : { hold }),
        // Allowed only with four-eyes off (the gate refuses it otherwise), and said so in the record.
        ...(isOwnTicket(ticket, approver) ? { byRequester: true } : {}),
      });
      if (overCaps.length > 0) throw capsError(overCaps);
      const value = await recheck(ticket, {
        broker: this.#d.broker,
        policy: this.#d.policy,
        context: this.#d.context(ticket.id),
        drift: this.#d.drift,
        ...(signal === undefined ? {} : { signal }),
      });
      // Whoever asked is read again too: a token revoked or a person demoted meanwhile stops the order.
      await this.#d.people?.refresh();
      await this.#holdToSend(held, value ?? previewValue);
      this.#lastLook(ticket);
    } catch (error) {
      await this.#refuse(held, approver, error);
      throw isGateError(error) ? error : new GateError('CHECKS_FAILED', ticket.reason ?? 'refused');
    }
    // Nothing awaits between the last look and here: a halt either refused it above or finds it below.
    const sent = this.#d.outcomes.send(held, signal).finally(() => this.#leaving.delete(ticket.id));
    this.#leaving.set(ticket.id, { held, sent });
    await sent;
    await this.#d.outcomes.settle(held, signal);
  }

  /**
   * Engages the runtime kill switch and returns, in the same instant, every ticket already past its last
   * look: no other ticket can pass it afterwards.
   */
  halt(): Leaving[] {
    this.#d.killSwitch.set(true);
    return [...this.#leaving.values()];
  }

  /** Out of PENDING, and the ticket's share of the caps held if they allow it (synchronous). */
  #reserve(held: HeldTicket, approver: Actor, value: number) {
    const { ticket } = held;
    const now = this.#d.clock.now();
    ticket.status = 'SUBMITTING';
    ticket.decidedBy = approver;
    ticket.decidedAt = toIstIso(now);
    held.touchedAt = now;
    const usage = this.#d.usage;
    usage.prune(now);
    const orders = ticket.legs.length;
    const overCaps = [
      ...checkDailyCaps({ orders, value }, usage.today(now, ticket.id), this.#d.policy),
      ...this.#personOver(ticket, { orders, value }, now),
    ];
    const person = ticket.requestedBy.person;
    const hold = overCaps.length === 0 ? usage.hold(ticket.id, now, orders, value, person) : undefined;
    this.#d.emit(ticket, 'approved');
    return { overCaps, hold };
  }

  /** Others may have approved while prices were read: the current value is held only if the caps allow it. */
  async #holdToSend(held: HeldTicket, value: number): Promise<void> {
    const { ticket } = held;
    const now = this.#d.clock.now();
    const orders = ticket.legs.length;
    const over = [
      ...checkDailyCaps({ orders, value }, this.#d.usage.today(now, ticket.id), this.#d.policy),
      ...this.#personOver(ticket, { orders, value }, now),
    ];
    if (over.length > 0) throw capsError(over);
    const hold = this.#d.usage.hold(ticket.id, now, orders, value, ticket.requestedBy.person);
    await auditTransition(this.#d.audit, ticket, SUBMITTED, undefined, { orders, value, hold });
    held.sentAt = this.#d.clock.now();
  }

  /** The requester's own caps as the people file says now, against what their other tickets hold today. */
  #personOver(ticket: Ticket, adding: { orders: number; value: number }, now: number): Violation[] {
    const id = ticket.requestedBy.person;
    const person = id === undefined ? undefined : this.#d.people?.person(id);
    if (person === undefined) return [];
    const usage = this.#d.usage.today(now, ticket.id, person.id);
    return checkPersonCaps(adding, usage, personCaps(person), person.id);
  }

  /**
   * The kill switch as it is now, runtime flag and file, the requester's standing as last read, and for a
   * modification whether its order is being cancelled: the last things read before the orders leave.
   */
  #lastLook(ticket: Ticket): void {
    const standing = requesterRefusal(ticket, this.#d.people);
    if (standing !== undefined) throw new GateError('NOT_ALLOWED', `${standing}. Nothing was sent.`);
    if (ticket.modifies !== undefined && this.#d.cancelling?.(ticket.modifies)) {
      throw new GateError(
        'CHECKS_FAILED',
        `order ${ticket.modifies} is being cancelled: a modification of it was not sent. Nothing was sent.`,
      );
    }
    const halted = checkSwitches(this.#d.policy, this.#d.killSwitch.state());
    if (halted.length === 0) return;
    const said = halted.map((v) => v.message).join(' ');
    throw new GateError(
      'CHECKS_FAILED',
      `Trading was halted before the order left. ${said} Nothing was sent.`,
      {
        violations: halted,
      },
    );
  }

  /** An approval refused before anything was sent: the hold is given back, the refusal recorded. */
  async #refuse(held: HeldTicket, approver: Actor, error: unknown): Promise<void> {
    const { ticket } = held;
    const release = this.#d.usage.release(ticket.id);
    ticket.status = 'REFUSED';
    ticket.reason = isGateError(error)
      ? error.message
      : 'the approval could not be recorded; nothing was sent';
    held.touchedAt = this.#d.clock.now();
    await auditTransition(this.#d.audit, ticket, 'refused', approver, {
      reason: ticket.reason,
      ...(release === undefined ? {} : { release }),
    }).catch(() => undefined);
    this.#d.emit(ticket, 'refused');
  }
}
