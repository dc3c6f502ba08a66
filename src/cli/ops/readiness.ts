import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { resolve, sep } from 'node:path';

/** A part of the process that must be well for it to take work; its name is all a probe says of it. */
export type ReadinessPart = 'starting' | 'broker' | 'data dir' | 'audit log' | 'people file' | 'discord';

/** What `/readyz` says: ready, or which parts are not. */
export interface ReadinessReport {
  readonly ready: boolean;
  /** Every part checked, and those that are not well. */
  readonly parts: readonly ReadinessPart[];
  readonly failing: readonly ReadinessPart[];
}

/** True when `dir` is a folder this process may write (one system call; a file in its place fails too). */
export async function writableDir(dir: string): Promise<boolean> {
  try {
    await access(`${resolve(dir)}${sep}`, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the process can take work, from state it already keeps: each part is a cheap check (a flag,
 * the last broker answer, one access call), never a broker request per probe.
 */
export class Readiness {
  readonly #parts = new Map<ReadinessPart, () => boolean | Promise<boolean>>([['starting', () => false]]);

  /** Adds or replaces the check of a part. */
  watch(part: ReadinessPart, check: () => boolean | Promise<boolean>): void {
    this.#parts.set(part, check);
  }

  /** The process has started: from now on only its parts decide. */
  started(): void {
    this.#parts.delete('starting');
  }

  async report(): Promise<ReadinessReport> {
    const parts = [...this.#parts.keys()];
    // A check that fails to run counts as a part that is not well.
    const well = await Promise.all(
      [...this.#parts.values()].map((check) =>
        Promise.resolve()
          .then(check)
          .catch(() => false),
      ),
    );
    const failing = parts.filter((_, i) => !well[i]);
    return { ready: failing.length === 0, parts, failing };
  }
}
