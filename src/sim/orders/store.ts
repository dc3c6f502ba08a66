import type { Sequences } from './numbering.js';
import type { SimOrder, SimTrade } from './types.js';

/** Every order and trade of the simulator, by number and by user, with the OMS's sequences. */
export class OrderStore {
  readonly #orders = new Map<string, SimOrder>();
  readonly #byUser = new Map<string, SimOrder[]>();
  readonly #trades = new Map<string, SimTrade[]>();
  #active: SimOrder[] = [];
  readonly sequences: Sequences = { order: 0, fill: 0 };

  /** Adds an order (in placement order). */
  add(order: SimOrder): void {
    this.#orders.set(order.orderNumber, order);
    const list = this.#byUser.get(order.userId) ?? [];
    list.push(order);
    this.#byUser.set(order.userId, list);
    if (order.phase !== 'done') this.#active.push(order);
  }

  /** Records a fill. */
  addTrade(trade: SimTrade): void {
    const list = this.#trades.get(trade.userId) ?? [];
    list.push(trade);
    this.#trades.set(trade.userId, list);
  }

  /** One user's order by number (another user's order is as good as unknown). */
  find(userId: string, orderNumber: string): SimOrder | undefined {
    const order = this.#orders.get(orderNumber.trim());
    return order?.userId === userId ? order : undefined;
  }

  /** A user's orders, oldest first. */
  ordersOf(userId: string): readonly SimOrder[] {
    return this.#byUser.get(userId) ?? [];
  }

  /** A user's trades, oldest first. */
  tradesOf(userId: string): readonly SimTrade[] {
    return this.#trades.get(userId) ?? [];
  }

  /** Orders not final yet, oldest first. */
  active(): readonly SimOrder[] {
    return this.#active;
  }

  /** Drops final orders from the active list. */
  prune(): void {
    if (this.#active.some((o) => o.phase === 'done'))
      this.#active = this.#active.filter((o) => o.phase !== 'done');
  }

  /** Every order and trade, oldest first (for persistence and the control view). */
  all(): { readonly orders: SimOrder[]; readonly trades: SimTrade[] } {
    return { orders: [...this.#orders.values()], trades: [...this.#trades.values()].flat() };
  }
}
