import { istDay } from './ist-time.js';

/** A shift of a log price from one instant on. */
interface Move {
  readonly at: number;
  readonly shift: number;
  readonly version: number;
}

/** Price moves applied by `movePrice`, kept as log shifts per key (a path name or an instrument key). */
export interface MoveBook {
  /** The sum of the shifts in force at `at` for `key` (0 when none). */
  shiftAt(key: string, at: number): number;
  /** Adds a shift that takes effect at `at`; moves at the same instant apply in the order added. */
  add(key: string, at: number, shift: number): void;
  /** Changes whenever a move that can affect `day` is added for `key`: caches of that day compare it. */
  versionFor(key: string, day: number): number;
  /** Changes whenever any move is added (0 before the first). */
  latest(): number;
  /** True when some move takes effect at an instant in [from, to]. */
  within(from: number, to: number): boolean;
}

/** An empty move book. */
export function createMoveBook(): MoveBook {
  const byKey = new Map<string, Move[]>();
  let version = 0;
  return {
    shiftAt(key, at) {
      const moves = byKey.get(key);
      if (moves === undefined) return 0;
      let total = 0;
      for (const m of moves) {
        if (m.at > at) break;
        total += m.shift;
      }
      return total;
    },
    add(key, at, shift) {
      const moves = byKey.get(key) ?? [];
      let i = moves.length;
      while (i > 0 && (moves[i - 1]?.at ?? 0) > at) i--;
      version += 1;
      moves.splice(i, 0, { at, shift, version });
      byKey.set(key, moves);
    },
    versionFor(key, day) {
      let latest = 0;
      for (const m of byKey.get(key) ?? []) if (istDay(m.at) <= day && m.version > latest) latest = m.version;
      return latest;
    },
    latest: () => version,
    within(from, to) {
      for (const moves of byKey.values()) for (const m of moves) if (m.at >= from && m.at <= to) return true;
      return false;
    },
  };
}
