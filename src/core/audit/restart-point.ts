import { type Checkpoint, dropCheckpoint, misfit, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import type { AuditEntry } from './entry.js';
import type { AnchorState, LogPoint } from './log-point.js';
import { type AuditLine, type ReadCounts, readAuditLines } from './read.js';
import { entriesAt, TicketIndex } from './ticket-index.js';

/**
 * What a reader keeps of the log's lines (what a restart needs: the state still in play), saved with the
 * log's checkpoints so a start reads only the lines after the last one.
 */
export interface AuditFold {
  /** Takes back a state its `snapshot` gave; false when it cannot (the whole log is then replayed). */
  restore(state: unknown): boolean;
  /** Takes in the next line. */
  absorb(entry: AuditEntry): void;
  /** The state after the lines taken in so far, as JSON. */
  snapshot(): unknown;
}

/** Lines between checkpoints: at most this many (and what a crash left) are read again at a start. */
const CHECKPOINT_LINES = 500;
/** Index places held in memory while the index is rebuilt from a whole log, before going to disk. */
const REBUILD_FLUSH_PLACES = 50_000;

/**
 * Keeps, beside an anchored log, where a start can begin: a fold's state saved in signed checkpoints,
 * and the ticket index. Damage found in either is told, and then neither is used or written until the
 * next start, which reads the whole log again and makes both anew.
 */
export class RestartPoint {
  readonly #log: string;
  readonly #path: string;
  readonly #key: Buffer;
  readonly #reads: ReadCounts;
  readonly #notice: (message: string) => void;
  #start: Checkpoint | undefined;
  #fold: AuditFold | undefined;
  #index: TicketIndex | undefined;
  #since = 0;
  #writing: Promise<void> | undefined;
  #trusted = true;

  private constructor(
    log: string,
    key: Buffer,
    start: Checkpoint | undefined,
    reads: ReadCounts,
    notice: (message: string) => void,
  ) {
    this.#log = log;
    this.#path = `${log}.checkpoint`;
    this.#key = key;
    this.#start = start;
    this.#reads = reads;
    this.#notice = notice;
  }

  /** The log's last checkpoint when it is sound and fits the log (else it is told why it is not used). */
  static async find(
    log: string,
    state: AnchorState & { readonly key: Buffer },
    reads: ReadCounts,
    notice: (message: string) => void,
  ): Promise<RestartPoint> {
    const found = await readCheckpoint(`${log}.checkpoint`, state.key);
    const problem =
      found === undefined || 'problem' in found
        ? found?.problem
        : await misfit(log, found, state.anchor, reads);
    if (problem !== undefined)
      notice(
        `audit checkpoint ${log}.checkpoint not used (${problem}): the whole log is read and it is made anew`,
      );
    const start = found === undefined || problem !== undefined ? undefined : (found as Checkpoint);
    return new RestartPoint(log, state.key, start, reads, notice);
  }

  /** Where the log's check can begin: the checkpoint's place, when there is one. */
  get from(): LogPoint | undefined {
    return this.#start;
  }

  /**
   * Brings `fold` up to the log's end `at`: from the checkpoint's state and the lines after it, or (no
   * checkpoint, or a state the fold cannot take back) from every line, rebuilding the index on the way.
   */
  async replay(fold: AuditFold, at: LogPoint): Promise<void> {
    const start = this.#start !== undefined && fold.restore(this.#start.state) ? this.#start : undefined;
    this.#start = undefined;
    const dir = `${this.#log}.index`;
    this.#index = start
      ? new TicketIndex(dir, this.#key, start.index, this.#reads)
      : await TicketIndex.fresh(dir, this.#key, this.#reads);
    this.#fold = fold;
    for await (const line of readAuditLines(
      this.#log,
      { start: start?.bytes ?? 0, end: at.bytes },
      this.#reads,
    )) {
      this.#take(JSON.parse(line.text) as AuditEntry, line);
      if (this.#index.pending >= REBUILD_FLUSH_PLACES) await this.#index.flush();
    }
    if (start === undefined || this.#since >= CHECKPOINT_LINES) await this.#save(at);
  }

  /** A line just written (its text), ending the log at `at`; every so many lines, a checkpoint is saved. */
  async wrote(text: string, at: LogPoint): Promise<void> {
    if (this.#fold === undefined) return;
    try {
      // The fold takes the line as it reads back, as a replay would.
      this.#take(JSON.parse(text) as AuditEntry, { start: at.lastLineAt, end: at.bytes });
    } catch (error) {
      await this.#distrust(`the state kept from the audit log failed on line ${at.lines} (${String(error)})`);
    }
    if (this.#since >= CHECKPOINT_LINES && this.#writing === undefined) {
      // Not awaited: the next append need not wait for the checkpoint's files.
      this.#writing = this.#save(at).finally(() => {
        this.#writing = undefined;
      });
    }
  }

  /** A ticket's entries through the index; undefined when there is none to trust (then the log is read). */
  async entriesOf(ticket: string): Promise<AuditEntry[] | undefined> {
    if (this.#index === undefined || !this.#trusted) return undefined;
    const places = await this.#index.find(ticket);
    const entries = places === 'damaged' ? places : await entriesAt(this.#log, ticket, places, this.#reads);
    if (entries !== 'damaged') return entries;
    await this.#distrust(`the audit log's ticket index ${this.#log}.index does not match the log`);
    return undefined;
  }

  /** Saves a last checkpoint at `at` once the one under way is done. */
  async close(at: LogPoint): Promise<void> {
    await this.#writing;
    if (this.#since > 0) await this.#save(at);
  }

  /** One line into the fold and the index. */
  #take(entry: AuditEntry, line: Pick<AuditLine, 'start' | 'end'>): void {
    this.#fold?.absorb(entry);
    if (entry.ticket !== undefined) this.#index?.add(entry.ticket, line, entry.seq);
    this.#since += 1;
  }

  /**
   * Saves the fold's state at `at`, after putting the index's places on disk. Both are taken at the call;
   * a failure is told and leaves the last checkpoint (the next start reads more).
   */
  #save(at: LogPoint): Promise<void> {
    const [fold, index] = [this.#fold, this.#index];
    if (fold === undefined || index === undefined || !this.#trusted) return Promise.resolve();
    const stateJson = JSON.stringify(fold.snapshot());
    this.#since = 0;
    return index
      .flush()
      .then((sizes) =>
        this.#trusted
          ? writeCheckpoint(this.#path, this.#key, { ...at, index: sizes, stateJson })
          : undefined,
      )
      .catch((error: unknown) => this.#notice(`audit checkpoint ${this.#path} not saved: ${String(error)}`));
  }

  /** Stops using the index and saving checkpoints, and removes the last one: the next start rebuilds both. */
  async #distrust(why: string): Promise<void> {
    if (!this.#trusted) return;
    this.#trusted = false;
    this.#notice(`${why}: tickets are looked up by reading the log until the next start, which reads it all`);
    await this.#writing; // a checkpoint under way lands first, then goes
    await dropCheckpoint(this.#path).catch(() => undefined);
  }
}
