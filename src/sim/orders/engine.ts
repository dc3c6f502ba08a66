import type { AccountState } from '../account-state.js';
import type { SpanPosition } from '../market/index.js';
import { seedHash } from '../market/rng.js';
import type { Market } from '../market/types.js';
import { type ChangeContext, cancelOrder, type ModifyFields, modifyOrder } from './changes.js';
import { bookFill, refreshLedger } from './ledger.js';
import { accept, acknowledged, fill, reject } from './lifecycle.js';
import { derivativePositions } from './margin.js';
import { SLOT_MS } from './matching.js';
import { exchangeOrderNumber, orderNumber } from './numbering.js';
import { blockedByWorkingOrders, workingDeliverySells } from './open-orders.js';
import { checkRisk } from './risk-checks.js';
import { OrderStore } from './store.js';
import type { OrderTicket, SimOrder } from './types.js';
import { executeNow, type StepContext, workUntil } from './working.js';

/** What the engine works with. */
export interface EngineOptions {
  readonly market: Market;
  readonly accounts: ReadonlyMap<string, AccountState>;
  /** Delay between acknowledgement and the risk checks (default 0: the next engine step). */
  readonly latencyMs?: number;
}

/**
 * The OMS and exchange of the paper broker: acknowledges orders, runs the risk checks in a later step,
 * executes against the simulated book, works resting and stop orders as prices move, cancels at the end
 * of the session, and books every fill on the account. It moves only when `advance(now)` is called
 * (before every request, on a timer, after a control call), so it is deterministic given seed, clock
 * and requests.
 */
export class OrderEngine {
  readonly store = new OrderStore();
  readonly #market: Market;
  readonly #accounts: ReadonlyMap<string, AccountState>;
  readonly #latency: number;
  readonly #step: StepContext;
  readonly #changes: ChangeContext;
  #at = Number.NEGATIVE_INFINITY;
  #dirty = true;
  // Orders a look left unchanged, with the market's stamp of that look: until the stamp changes (the
  // next second, a price move) another look would find the same prices, in the same liquidity slot,
  // and change nothing either. A look ending on a slot's first instant is not kept: the next look
  // in that second draws on the new slot.
  readonly #quiet = new WeakMap<SimOrder, number>();

  constructor(options: EngineOptions) {
    this.#market = options.market;
    this.#accounts = options.accounts;
    this.#latency = options.latencyMs ?? 0;
    this.#step = {
      market: this.#market,
      seed: seedHash(this.#market.seed),
      fill: (order, quantity, price, at) => this.#fill(order, quantity, price, at),
      cancelled: (order, at) => this.#refresh(order.userId, at),
    };
    this.#changes = {
      store: this.store,
      market: this.#market,
      step: this.#step,
      account: (userId) => this.#accounts.get(userId),
      refresh: (userId, at) => this.#refresh(userId, at),
      changed: (order) => this.#quiet.delete(order),
    };
  }

  /** Cancels a user's working order (see `cancelOrder`); throws the broker's failure otherwise. */
  cancel(userId: string, orderNumber: string, now: number): SimOrder {
    this.advance(now);
    return cancelOrder(this.#changes, userId, orderNumber, Math.max(this.#at, now));
  }

  /** Modifies a user's working order (see `modifyOrder`); throws the broker's failure otherwise. */
  modify(userId: string, orderNumber: string, fields: ModifyFields, now: number): SimOrder {
    this.advance(now);
    const order = modifyOrder(this.#changes, userId, orderNumber, fields, Math.max(this.#at, now));
    this.#dirty = true;
    return order;
  }

  /** Acknowledges an order: a number and a PENDING `NewAck`; nothing else happens until the next step. */
  place(account: AccountState, ticket: OrderTicket, now: number): SimOrder {
    const sequence = ++this.store.sequences.order;
    const owner = { userId: account.config.userId, accountId: account.config.accountId };
    const order = acknowledged(orderNumber(now, sequence), owner, ticket, now, now + this.#latency);
    this.store.add(order);
    this.#dirty = true;
    return order;
  }

  /** Marks the market as changed at the current instant (a price was moved), so the next step looks again. */
  touch(): void {
    this.#dirty = true;
  }

  /**
   * Brings every open order up to `now`, or to the latest instant a step already reached when `now` is
   * older (a request that arrived before the last step); true when any order changed.
   */
  advance(now: number): boolean {
    if (now <= this.#at && !this.#dirty) return false;
    this.#dirty = false;
    // Every order is worked to the engine's own instant: one worked only to an older `now` would be
    // taken for up to date by the next step at that instant (a close passed, the order still open).
    const at = Math.max(this.#at, now);
    this.#at = at;
    const stamp = this.#market.snapshotStamp(at);
    let changed = false;
    for (const order of this.store.active()) {
      if (order.phase === 'ack') {
        if (at < order.riskAt) continue;
        this.#checkAndRoute(order);
        changed = true;
      }
      if (order.phase !== 'trigger' && order.phase !== 'working') continue;
      if (stamp !== undefined && this.#quiet.get(order) === stamp && at < order.expiresAt) {
        // What the look would have done: note the instant checked, nothing else.
        order.lastCheck = Math.max(order.lastCheck, at);
        continue;
      }
      if (workUntil(this.#step, order, at)) changed = true;
      else if (stamp !== undefined && at % SLOT_MS !== 0) this.#quiet.set(order, stamp);
    }
    this.store.prune();
    return changed;
  }

  /** A user's open F&O positions, for the span calculator's `*_trade` figures. */
  openDerivatives(userId: string): SpanPosition[] {
    const account = this.#accounts.get(userId);
    return account ? derivativePositions(account.positions.values()) : [];
  }

  #checkAndRoute(order: SimOrder): void {
    const at = order.riskAt;
    const account = this.#accounts.get(order.userId);
    if (!account) {
      reject(order, { party: 'ORA', text: 'ORA:Unknown account' }, at);
      return;
    }
    const verdict = checkRisk(order.ticket, {
      market: this.#market,
      account,
      at,
      pendingDeliverySells: workingDeliverySells(this.store, order),
    });
    if ('rejection' in verdict) {
      reject(order, verdict.rejection, at);
      return;
    }
    order.blockedMargin = verdict.blocked;
    const sequence = Number(order.orderNumber.slice(6));
    accept(
      order,
      exchangeOrderNumber(order.ticket.exchange, sequence),
      at,
      this.#market.calendar.session(at).close,
    );
    this.#refresh(order.userId, at);
    if (order.phase === 'working') executeNow(this.#step, order, at);
  }

  #fill(order: SimOrder, quantity: number, price: number, at: number): void {
    fill(order, quantity, price, at);
    this.store.addTrade({
      fillId: String(++this.store.sequences.fill),
      orderNumber: order.orderNumber,
      userId: order.userId,
      at,
      price,
      quantity,
      cumulative: order.filled,
      averagePrice: order.filledValue / order.filled,
    });
    const account = this.#accounts.get(order.userId);
    if (account) bookFill(account, order.ticket, quantity, price);
    this.#refresh(order.userId, at);
  }

  #refresh(userId: string, at: number): void {
    const account = this.#accounts.get(userId);
    if (account) refreshLedger(account, blockedByWorkingOrders(this.store, userId), this.#market, at);
  }
}
