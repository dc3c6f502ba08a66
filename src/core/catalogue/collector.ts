/** How a search hit matched the query, best first. */
export type MatchTier = 'exact' | 'prefix' | 'substring' | 'fuzzy';

/** One hit of a ranked search: an id into the search index and how it matched. */
export interface RankedHit {
  readonly id: number;
  readonly match: MatchTier;
}

/** Gathers hits tier by tier, without duplicates, up to a limit, honouring the caller's filters. */
export class HitCollector {
  readonly hits: RankedHit[] = [];
  readonly #seen = new Set<number>();
  readonly #limit: number;
  readonly #accept: (id: number) => boolean;
  readonly #ceiling: number;

  /** `ceiling` is the largest id `accept` can take: sorted lists are not read past it. */
  constructor(limit: number, accept: (id: number) => boolean, ceiling = Number.POSITIVE_INFINITY) {
    this.#limit = limit;
    this.#accept = accept;
    this.#ceiling = ceiling;
  }

  get full(): boolean {
    return this.hits.length >= this.#limit;
  }

  /** Adds the id unless filtered out or already present; returns true once the collector is full. */
  offer(id: number, match: MatchTier): boolean {
    if (!this.#seen.has(id) && this.#accept(id)) {
      this.#seen.add(id);
      this.hits.push({ id, match });
    }
    return this.full;
  }

  /** Offers the ids of one sorted list that pass `test`, in order, until full. */
  scan(list: ArrayLike<number>, match: MatchTier, test?: (id: number) => boolean): void {
    for (let i = 0; i < list.length; i++) {
      const id = list[i] as number;
      if (this.full || id > this.#ceiling) return;
      if (test === undefined || test(id)) this.offer(id, match);
    }
  }

  /** Offers the union of several sorted lists in id (rank) order, until full. */
  merge(lists: ReadonlyArray<ArrayLike<number>>, match: MatchTier, test?: (id: number) => boolean): void {
    if (lists.length === 1 && lists[0] !== undefined) {
      this.scan(lists[0], match, test);
      return;
    }
    const at = lists.map(() => 0);
    while (!this.full) {
      let best = -1;
      lists.forEach((list, k) => {
        const id = list[at[k] ?? 0];
        if (id !== undefined && (best < 0 || id < best)) best = id;
      });
      if (best < 0 || best > this.#ceiling) return;
      lists.forEach((list, k) => {
        if (list[at[k] ?? 0] === best) at[k] = (at[k] ?? 0) + 1;
      });
      if (test === undefined || test(best)) this.offer(best, match);
    }
  }
}
