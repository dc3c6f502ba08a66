import { readTextIfPresent, writeAtomically } from '../../data-dir/files.js';
import type { Logger } from '../../logger.js';
import { toIstIso } from '../../time/ist.js';

/** How stale a token's recorded last use may get: the file is written at most about once a minute. */
export const USE_RECORD_GAP_MS = 60_000;

/** When each token was last used, as recorded in the data dir (`tokens-used.json`); empty when absent. */
export async function readTokenUses(path: string): Promise<Map<string, number>> {
  const text = await readTextIfPresent(path);
  const uses = new Map<string, number>();
  if (text === undefined) return uses;
  try {
    for (const [id, at] of Object.entries(JSON.parse(text) as Record<string, unknown>)) {
      const ms = typeof at === 'string' ? Date.parse(at) : Number.NaN;
      if (Number.isFinite(ms)) uses.set(id, ms);
    }
  } catch {
    // A damaged record of last uses only loses that column of `omsdesk token list`.
  }
  return uses;
}

/**
 * Records each token's last use for `omsdesk token list`. Uses are noted in memory on every request and
 * written (by the one process holding the data dir) only when one moved a minute past what the file says,
 * one write at a time, never on the request's path.
 */
export class TokenUseLog {
  readonly #path: string;
  readonly #logger: Logger | undefined;
  readonly #noted: Map<string, number>;
  #written: Map<string, number>;
  #writing: Promise<void> = Promise.resolve();
  #queued = false;

  private constructor(path: string, uses: Map<string, number>, logger: Logger | undefined) {
    this.#path = path;
    this.#noted = new Map(uses);
    this.#written = uses;
    this.#logger = logger;
  }

  static async open(path: string, logger?: Logger): Promise<TokenUseLog> {
    return new TokenUseLog(path, await readTokenUses(path), logger);
  }

  /** Notes a use; schedules a write (and says so) when the recorded one is a minute old or more. */
  note(id: string, at: number): boolean {
    if ((this.#noted.get(id) ?? 0) < at) this.#noted.set(id, at);
    if (at - (this.#written.get(id) ?? 0) < USE_RECORD_GAP_MS) return false;
    this.#schedule();
    return true;
  }

  /** Writes what was noted and not yet written (at a stop). */
  async flush(): Promise<void> {
    if ([...this.#noted].some(([id, at]) => this.#written.get(id) !== at)) this.#schedule();
    await this.#writing;
  }

  #schedule(): void {
    if (this.#queued) return;
    this.#queued = true;
    this.#writing = this.#writing.then(async () => {
      this.#queued = false;
      const snapshot = new Map(this.#noted);
      const json = Object.fromEntries([...snapshot].map(([id, at]) => [id, toIstIso(at)]));
      try {
        await writeAtomically(this.#path, `${JSON.stringify(json, null, 2)}\n`);
        this.#written = snapshot;
      } catch (error) {
        this.#logger?.warn(`could not record when tokens were last used (${this.#path})`, {
          error: String(error),
        });
      }
    });
  }
}
