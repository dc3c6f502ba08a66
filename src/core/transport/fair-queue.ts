/**
 * A queue that serves its keys in turn (round robin) and each key's items in order: a key with many
 * items waiting takes one turn per round, so it cannot hold back a key that has one.
 */
export class FairQueue<T> {
  /** Each key's items; the map's order is the order of the turns (a served key moves to the end). */
  readonly #queues = new Map<string, T[]>();
  #size = 0;

  get size(): number {
    return this.#size;
  }

  push(key: string, item: T): void {
    const queue = this.#queues.get(key);
    if (queue === undefined) this.#queues.set(key, [item]);
    else queue.push(item);
    this.#size += 1;
  }

  /** The item served next. */
  peek(): T | undefined {
    for (const queue of this.#queues.values()) return queue[0];
    return undefined;
  }

  /** Takes the item served next; its key's turn passes to the next key. */
  shift(): T | undefined {
    for (const [key, queue] of this.#queues) {
      const item = queue.shift();
      this.#queues.delete(key);
      if (queue.length > 0) this.#queues.set(key, queue);
      this.#size -= 1;
      return item;
    }
    return undefined;
  }

  /** Takes `item` out of `key`'s items; false when it was not there. */
  remove(key: string, item: T): boolean {
    const queue = this.#queues.get(key);
    const at = queue?.indexOf(item) ?? -1;
    if (queue === undefined || at < 0) return false;
    queue.splice(at, 1);
    if (queue.length === 0) this.#queues.delete(key);
    this.#size -= 1;
    return true;
  }

  /** How many items waiting now would be served before an item of `key` pushed now. */
  ahead(key: string): number {
    const mine = this.#queues.get(key)?.length ?? 0;
    let before = 0;
    let passedKey = false;
    for (const [k, queue] of this.#queues) {
      if (k === key) passedKey = true;
      // Each key serves one item a round: rounds before the new item's, and its own round up to the key.
      before += Math.min(queue.length, mine) + (!passedKey && queue.length > mine ? 1 : 0);
    }
    return before;
  }

  /** Every item in the order it would be served. */
  inOrder(): T[] {
    const queues = [...this.#queues.values()];
    const out: T[] = [];
    for (let round = 0; out.length < this.#size; round += 1) {
      for (const queue of queues) if (round < queue.length) out.push(queue[round] as T);
    }
    return out;
  }

  /** Takes every item out, in service order. */
  drain(): T[] {
    const all = this.inOrder();
    this.#queues.clear();
    this.#size = 0;
    return all;
  }
}
