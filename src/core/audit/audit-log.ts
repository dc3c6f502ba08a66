import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Clock } from '../clock.js';
import type { Redactor } from '../redact.js';
import { toIstIso } from '../time/ist.js';
import { type AnchorOptions, createAnchorKey, writeAnchor } from './anchor.js';
import { type Checkpoint, dropCheckpoint, misfit, readCheckpoint, writeCheckpoint } from './checkpoint.js';
import { type Actor, type AuditEntry, entryHash } from './entry.js';
import { type AuditLine, type ReadCounts, readAuditLines } from './read.js';
import { entriesAt, TicketIndex } from './ticket-index.js';
import { type AnchorState, checkAuditLog, type LogPoint, readAnchorState } from './verify.js';

/** What a caller records; the log adds the sequence, time and hash chain. */
export interface AuditRecord {
  readonly event: string;
  readonly ticket?: string;
  readonly actor?: Actor;
  readonly data?: unknown;
}

/** How to open a log. */
export interface AuditOpenOptions {
  /** The signed anchor kept beside the log (line count and head hash), re-written after every line. */
  readonly anchor?: AnchorOptions;
  /** Told things worth a line in the operator's log (a log anchored for the first time, a checkpoint not used). */
  readonly notice?: (message: string) => void;
  /**
   * Anchors the log as found, whatever its anchor says (the chain itself must still be sound), and records
   * why in the log: an operator's deliberate act after inspecting it (`omsdesk audit anchor`).
   */
  readonly adopt?: { readonly reason: string; readonly actor: Actor };
}

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
 * An append-only, hash-chained JSON-lines log. Each append is written and fsync'd (and the anchor
 * re-signed) before its promise resolves, so a step that awaits it never runs ahead of its record;
 * appends are serialized. With an anchor, a signed checkpoint (the state a reader folded from the lines,
 * and where it stands in the log) and a ticket index are kept beside the log, so opening reads only the
 * lines after the checkpoint and a ticket is found without reading the log; `omsdesk audit verify`
 * still checks every line.
 */
export class AuditLog {
  readonly path: string;
  /** What has been read from the log and its index so far. */
  readonly reads: ReadCounts = { logLines: 0, logBytes: 0, indexBytes: 0 };
  readonly #file: FileHandle;
  readonly #clock: Clock;
  readonly #redactor: Redactor;
  readonly #anchor: { readonly path: string; readonly key: Buffer } | undefined;
  readonly #notice: (message: string) => void;
  readonly #checkpointPath: string;
  #at: LogPoint;
  #start: Checkpoint | undefined;
  #tail: Promise<unknown> = Promise.resolve();
  #fold: AuditFold | undefined;
  #index: TicketIndex | undefined;
  #sinceCheckpoint = 0;
  #checkpointing: Promise<void> | undefined;
  /** False once the index was found damaged: lookups then read the log, and no checkpoint is written. */
  #trusted = true;

  private constructor(
    path: string,
    file: FileHandle,
    parts: {
      clock: Clock;
      redactor: Redactor;
      anchor: { path: string; key: Buffer } | undefined;
      notice: (message: string) => void;
      at: LogPoint;
      start: Checkpoint | undefined;
    },
  ) {
    this.path = path;
    this.#file = file;
    this.#clock = parts.clock;
    this.#redactor = parts.redactor;
    this.#anchor = parts.anchor;
    this.#notice = parts.notice;
    this.#checkpointPath = `${path}.checkpoint`;
    this.#at = parts.at;
    this.#start = parts.start;
  }

  /**
   * Opens (or creates) a log. A broken chain, or a log its anchor says was cut or rewritten, is refused,
   * since orders must not go unrecorded. A log without anchor and key is anchored as found, and says so.
   * With a usable checkpoint only the lines after it are checked (it vouches for those before).
   */
  static async open(
    path: string,
    clock: Clock,
    redactor: Redactor,
    options: AuditOpenOptions = {},
  ): Promise<AuditLog> {
    await mkdir(dirname(path), { recursive: true });
    const notice = options.notice ?? (() => undefined);
    const reads: ReadCounts = { logLines: 0, logBytes: 0, indexBytes: 0 };
    let state: AnchorState | undefined;
    let adopt: { reason: string; actor?: Actor } | undefined = options.adopt;
    if (options.anchor) {
      state = await readAnchorState(options.anchor);
      if (state.key === undefined && (state.anchor === undefined || adopt)) {
        state = { ...state, key: await createAnchorKey(options.anchor.keyPath) };
        adopt ??= state.anchor === undefined ? { reason: 'no anchor existed' } : undefined;
      }
    }
    const start = adopt || !state?.key ? undefined : await usableCheckpoint(path, state, notice, reads);
    const verdict = await checkAuditLog(path, adopt ? undefined : state, {
      ...(start === undefined ? {} : { from: start }),
      counts: reads,
    });
    if (!verdict.ok) {
      const at = verdict.line === undefined ? '' : ` at line ${verdict.line}`;
      throw new Error(
        `audit log ${path} is broken${at}: ${verdict.problem}. ` +
          'Run "omsdesk audit verify" to inspect it; move it away to start a new chain.',
      );
    }
    const file = await open(path, 'a', 0o600);
    const anchor = options.anchor && state?.key ? { path: options.anchor.path, key: state.key } : undefined;
    const log = new AuditLog(path, file, { clock, redactor, anchor, notice, at: verdict.end, start });
    Object.assign(log.reads, reads);
    if (anchor) {
      if (adopt && verdict.entries > 0) {
        notice(
          `audit log ${path} anchored as found at ${verdict.entries} lines (${adopt.reason}; key ${options.anchor?.keyPath})`,
        );
        await log.append({
          event: 'anchored',
          ...(adopt.actor === undefined ? {} : { actor: adopt.actor }),
          data: { lines: verdict.entries, reason: adopt.reason },
        });
      } else {
        // Also covers the one line a crash may have left after the last anchor.
        await writeAnchor(anchor.path, anchor.key, log.#at.lines, log.#at.head);
      }
    }
    return log;
  }

  /**
   * Brings `fold` up to the log's end: from the checkpoint's state and the lines after it, or (no usable
   * checkpoint, or a state the fold cannot take back) from every line, rebuilding the ticket index on the
   * way. From then on the fold takes in each line appended, and checkpoints save its state.
   */
  replay(fold: AuditFold): Promise<void> {
    const run = this.#tail.then(() => this.#replay(fold));
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Appends one record and resolves once it is on disk. */
  append(record: AuditRecord): Promise<AuditEntry> {
    const next = this.#tail.then(() => this.#write(record));
    this.#tail = next.catch(() => undefined);
    return next;
  }

  /**
   * Streams every entry written so far, oldest first (only those of `ticket`, when given: found through
   * the index once `replay` has run on an anchored log, else by reading the log).
   */
  async scan(visit: (entry: AuditEntry) => void, filter: { readonly ticket?: string } = {}): Promise<void> {
    if (filter.ticket !== undefined && this.#index !== undefined && this.#trusted) {
      const found = await this.#indexed(filter.ticket);
      if (found !== undefined) return found.forEach(visit);
    }
    const needle = filter.ticket === undefined ? undefined : `"ticket":${JSON.stringify(filter.ticket)}`;
    for await (const line of readAuditLines(this.path, { end: this.#at.bytes }, this.reads)) {
      if (needle !== undefined && !line.text.includes(needle)) continue;
      const entry = JSON.parse(line.text) as AuditEntry;
      if (filter.ticket === undefined || entry.ticket === filter.ticket) visit(entry);
    }
  }

  /** Waits for the appends under way, saves a last checkpoint, and closes the file. */
  async close(): Promise<void> {
    await this.#tail;
    await this.#checkpointing;
    if (this.#sinceCheckpoint > 0) await this.#checkpoint();
    await this.#file.close();
  }

  async #write(record: AuditRecord): Promise<AuditEntry> {
    const body = {
      seq: this.#at.lines + 1,
      at: toIstIso(this.#clock.now()),
      event: record.event,
      ...(record.ticket === undefined ? {} : { ticket: record.ticket }),
      ...(record.actor === undefined ? {} : { actor: record.actor }),
      ...(record.data === undefined ? {} : { data: this.#redactor.value(record.data) }),
      prev: this.#at.head,
    };
    const entry: AuditEntry = { ...body, hash: entryHash(body) };
    const text = `${JSON.stringify(entry)}\n`;
    await this.#file.appendFile(text);
    await this.#file.sync();
    const start = this.#at.bytes;
    this.#at = {
      lines: entry.seq,
      bytes: start + Buffer.byteLength(text),
      lastLineAt: start,
      head: entry.hash,
    };
    if (this.#anchor) await writeAnchor(this.#anchor.path, this.#anchor.key, entry.seq, entry.hash);
    if (this.#fold) {
      try {
        // The fold takes the line as it reads back, as a replay would.
        this.#take(JSON.parse(text) as AuditEntry, { start, end: this.#at.bytes });
      } catch (error) {
        await this.#distrust(`the state kept from the log failed on line ${entry.seq} (${String(error)})`);
      }
      if (this.#sinceCheckpoint >= CHECKPOINT_LINES && this.#checkpointing === undefined) {
        // Not awaited: the next append need not wait for the checkpoint's files.
        this.#checkpointing = this.#checkpoint().finally(() => {
          this.#checkpointing = undefined;
        });
      }
    }
    return entry;
  }

  async #replay(fold: AuditFold): Promise<void> {
    const start = this.#start !== undefined && fold.restore(this.#start.state) ? this.#start : undefined;
    if (this.#anchor !== undefined) {
      const dir = `${this.path}.index`;
      this.#index = start
        ? new TicketIndex(dir, start.index, this.reads)
        : await TicketIndex.fresh(dir, this.reads);
    }
    this.#fold = fold;
    const range = { start: start?.bytes ?? 0, end: this.#at.bytes };
    for await (const line of readAuditLines(this.path, range, this.reads)) {
      this.#take(JSON.parse(line.text) as AuditEntry, line);
      if ((this.#index?.pending ?? 0) >= REBUILD_FLUSH_PLACES) await this.#index?.flush();
    }
    this.#start = undefined;
    if (start === undefined || this.#sinceCheckpoint >= CHECKPOINT_LINES) await this.#checkpoint();
  }

  /** One line into the fold and the index. */
  #take(entry: AuditEntry, line: Pick<AuditLine, 'start' | 'end'>): void {
    this.#fold?.absorb(entry);
    if (entry.ticket !== undefined) this.#index?.add(entry.ticket, line, entry.seq);
    this.#sinceCheckpoint += 1;
  }

  /**
   * Saves the fold's state and where the log stands, after putting the index's places on disk. Both are
   * taken at the call; a failure is told and leaves the last checkpoint (the next start reads more).
   */
  #checkpoint(): Promise<void> {
    const [anchor, fold, index] = [this.#anchor, this.#fold, this.#index];
    if (anchor === undefined || fold === undefined || index === undefined || !this.#trusted)
      return Promise.resolve();
    const at = this.#at;
    const state = fold.snapshot();
    this.#sinceCheckpoint = 0;
    return index
      .flush()
      .then((sizes) =>
        this.#trusted
          ? writeCheckpoint(this.#checkpointPath, anchor.key, { ...at, index: sizes, state })
          : undefined,
      )
      .catch((error: unknown) =>
        this.#notice(`audit checkpoint ${this.#checkpointPath} not saved: ${String(error)}`),
      );
  }

  /** A ticket's entries through the index; undefined when the index proved damaged (then the log is read). */
  async #indexed(ticket: string): Promise<AuditEntry[] | undefined> {
    const places = await (this.#index as TicketIndex).find(ticket);
    const entries = places === 'damaged' ? places : await entriesAt(this.path, ticket, places, this.reads);
    if (entries !== 'damaged') return entries;
    await this.#distrust(`the ticket index ${this.path}.index does not match the log`);
    return undefined;
  }

  /** Stops using the index and writing checkpoints, and removes the last one: the next start rebuilds both. */
  async #distrust(why: string): Promise<void> {
    if (!this.#trusted) return;
    this.#trusted = false;
    this.#notice(`${why}: tickets are looked up by reading the log until the next start, which reads it all`);
    await dropCheckpoint(this.#checkpointPath).catch(() => undefined);
  }
}

/** The checkpoint to start from, when there is one that is sound and fits the log (else it is told why not). */
async function usableCheckpoint(
  path: string,
  state: AnchorState,
  notice: (message: string) => void,
  reads: ReadCounts,
): Promise<Checkpoint | undefined> {
  const where = `${path}.checkpoint`;
  const found = await readCheckpoint(where, state.key as Buffer);
  if (found === undefined) return undefined;
  const problem = 'problem' in found ? found.problem : await misfit(path, found, state.anchor, reads);
  if (problem === undefined) return found as Checkpoint;
  notice(
    `audit checkpoint ${where} not used (${problem}): the whole log is read and the checkpoint made anew`,
  );
  return undefined;
}
