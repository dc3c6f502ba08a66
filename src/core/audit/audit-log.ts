import { type FileHandle, mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Clock } from '../clock.js';
import type { Redactor } from '../redact.js';
import { toIstIso } from '../time/ist.js';
import { type AnchorOptions, createAnchorKey } from './anchor.js';
import { dropCheckpoint } from './checkpoint.js';
import { type Actor, type AuditEntry, entryHash } from './entry.js';
import { AuditLogBrokenError, AuditWriteError } from './errors.js';
import { type AnchorState, type LogPoint, readAnchorState } from './log-point.js';
import { type ReadCounts, readAuditLines } from './read.js';
import { type AuditFold, RestartPoint } from './restart-point.js';
import { cutTornTail, findTornTail } from './torn-tail.js';
import { checkAuditLog } from './verify.js';
import { type AuditWriter, diskWriter } from './writer.js';

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
  /** How lines reach the disk (the disk itself unless a test gives one that fails). */
  readonly writer?: AuditWriter;
}

/**
 * An append-only, hash-chained JSON-lines log. Each append is written and fsync'd (and the anchor
 * re-signed) before its promise resolves, so a step that awaits it never runs ahead of its record;
 * appends are serialized. With an anchor, a signed checkpoint and a ticket index are kept beside it
 * (`RestartPoint`): opening checks only the lines after the checkpoint, and a ticket's lines are found
 * without reading the log. `omsdesk audit verify` still checks every line. A write that fails (a full
 * disk, a read-only data dir) leaves nothing of its line: the log is cut back to its last whole line, the
 * append rejects, and so does every later one until a write works again.
 */
export class AuditLog {
  readonly path: string;
  /** What has been read from the log and its index so far. */
  readonly reads: ReadCounts;
  readonly #file: FileHandle;
  readonly #clock: Clock;
  readonly #redactor: Redactor;
  readonly #anchor: { readonly path: string; readonly key: Buffer } | undefined;
  readonly #restart: RestartPoint | undefined;
  readonly #writer: AuditWriter;
  #at: LogPoint;
  /** Why the last write failed, until the log is whole on disk again (then undefined). */
  #failed: unknown;
  #tail: Promise<unknown> = Promise.resolve();

  private constructor(
    path: string,
    file: FileHandle,
    parts: {
      clock: Clock;
      redactor: Redactor;
      anchor: { path: string; key: Buffer } | undefined;
      restart: RestartPoint | undefined;
      at: LogPoint;
      reads: ReadCounts;
      writer: AuditWriter;
    },
  ) {
    this.path = path;
    this.#file = file;
    this.#clock = parts.clock;
    this.#redactor = parts.redactor;
    this.#anchor = parts.anchor;
    this.#restart = parts.restart;
    this.#at = parts.at;
    this.reads = parts.reads;
    this.#writer = parts.writer;
  }

  /**
   * Opens (or creates) a log. A broken chain, or a log its anchor says was cut or rewritten, is refused,
   * since orders must not go unrecorded. A log without anchor and key is anchored as found, and says so.
   * With a usable checkpoint only the lines after it are checked (it vouches for those before). A torn
   * last line (a write cut short: no newline) after a sound, anchored chain is the only damage a start
   * repairs: it is cut off, kept in a copy beside the log, and the repair recorded.
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
    const key = state?.key;
    // Anchoring as found accepts the log as it is: a checkpoint of another (newer) log goes.
    if (adopt) await dropCheckpoint(`${path}.checkpoint`);
    const restart =
      state === undefined || key === undefined
        ? undefined
        : await RestartPoint.find(path, { ...state, key }, reads, notice);
    // Anchoring as found checks every line, whatever a checkpoint says (a log that had no anchor has no
    // usable checkpoint either: one needs an anchor at or after it).
    const from = adopt ? undefined : restart?.from;
    const torn = await findTornTail(path);
    const verdict = await checkAuditLog(path, adopt ? undefined : state, {
      ...(from === undefined ? {} : { from }),
      ...(torn === undefined ? {} : { end: torn.start }),
      counts: reads,
    });
    if (!verdict.ok) throw new AuditLogBrokenError(path, verdict.problem, verdict.line);
    const copy = `${path}.torn-${clock.now()}`;
    if (torn) {
      await cutTornTail(path, torn, copy);
      notice(
        `audit log ${path}: removed a partial last line (${torn.bytes.length} bytes after line ${verdict.entries}, ` +
          `a write cut short by a full disk, a read-only data dir or a crash, never recorded); the ${verdict.entries} lines ` +
          `before it chain soundly${state?.anchor ? ' and match the anchor' : ''}; the removed bytes are kept in ${copy}`,
      );
    }
    const file = await open(path, 'a', 0o600);
    const anchor = options.anchor && key ? { path: options.anchor.path, key } : undefined;
    const writer = options.writer ?? diskWriter;
    const parts = { clock, redactor, anchor, restart, at: verdict.end, reads, writer };
    const log = new AuditLog(path, file, parts);
    if (torn) {
      const data = { removedBytes: torn.bytes.length, afterLine: verdict.entries, copy };
      await log.append({ event: 'repaired', data });
    }
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
        await writer.anchor(anchor.path, anchor.key, log.#at.lines, log.#at.head);
      }
    }
    return log;
  }

  /**
   * Brings `fold` up to the log's end and keeps it there: on an anchored log from the last checkpoint and
   * the lines after it (the whole log when there is none), else from every line.
   */
  replay(fold: AuditFold): Promise<void> {
    const run = this.#tail.then(async () => {
      if (this.#restart) return this.#restart.replay(fold, this.#at);
      for await (const line of readAuditLines(this.path, { end: this.#at.bytes }, this.reads))
        fold.absorb(JSON.parse(line.text) as AuditEntry);
    });
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
    const indexed = filter.ticket === undefined ? undefined : await this.#restart?.entriesOf(filter.ticket);
    if (indexed !== undefined) return indexed.forEach(visit);
    const needle = filter.ticket === undefined ? undefined : `"ticket":${JSON.stringify(filter.ticket)}`;
    for await (const line of readAuditLines(this.path, { end: this.#at.bytes }, this.reads)) {
      if (needle !== undefined && !line.text.includes(needle)) continue;
      const entry = JSON.parse(line.text) as AuditEntry;
      if (filter.ticket === undefined || entry.ticket === filter.ticket) visit(entry);
    }
  }

  /**
   * True when lines can be written: after a failed write, tries to make the log whole on disk again (so a
   * probe sees writing work again without an order having to try).
   */
  writable(): Promise<boolean> {
    const run = this.#tail.then(async () => {
      if (this.#failed === undefined) return true;
      return this.#restore().then(
        () => true,
        () => false,
      );
    });
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** Waits for the appends under way, saves a last checkpoint, and closes the file. */
  async close(): Promise<void> {
    await this.#tail;
    await this.#restart?.close(this.#at);
    await this.#file.close();
  }

  async #write(record: AuditRecord): Promise<AuditEntry> {
    if (this.#failed !== undefined) await this.#restore();
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
    try {
      await this.#writer.append(this.#file, text);
      // The anchor is part of the write: a line it does not cover, with another after it, reads as added.
      if (this.#anchor) await this.#writer.anchor(this.#anchor.path, this.#anchor.key, entry.seq, entry.hash);
    } catch (error) {
      this.#failed = error;
      await this.#restore().catch(() => undefined);
      throw new AuditWriteError(this.path, error);
    }
    const start = this.#at.bytes;
    this.#at = {
      lines: entry.seq,
      bytes: start + Buffer.byteLength(text),
      lastLineAt: start,
      head: entry.hash,
    };
    await this.#restart?.wrote(text, this.#at);
    return entry;
  }

  /**
   * Makes the log whole on disk after a failed write: cut back to its last whole line (whatever part of
   * a line reached the disk goes) and the anchor signed there again; throws while that fails too.
   */
  async #restore(): Promise<void> {
    try {
      await this.#file.truncate(this.#at.bytes);
      await this.#file.sync();
      if (this.#anchor)
        await this.#writer.anchor(this.#anchor.path, this.#anchor.key, this.#at.lines, this.#at.head);
      this.#failed = undefined;
    } catch (error) {
      this.#failed = error;
      throw new AuditWriteError(this.path, error);
    }
  }
}
