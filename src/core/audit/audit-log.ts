import { type FileHandle, mkdir, open, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Clock } from '../clock.js';
import type { Redactor } from '../redact.js';
import { toIstIso } from '../time/ist.js';
import { type AnchorOptions, createAnchorKey, writeAnchor } from './anchor.js';
import { type Actor, type AuditEntry, entryHash } from './entry.js';
import { readAuditLines } from './read.js';
import { type AnchorState, checkAuditLog, readAnchorState } from './verify.js';

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
  /** Told things worth a line in the operator's log (a log anchored for the first time). */
  readonly notice?: (message: string) => void;
  /**
   * Anchors the log as found, whatever its anchor says (the chain itself must still be sound), and records
   * why in the log: an operator's deliberate act after inspecting it (`omsdesk audit anchor`).
   */
  readonly adopt?: { readonly reason: string; readonly actor: Actor };
}

/**
 * An append-only, hash-chained JSON-lines log. Each append is written and fsync'd (and the anchor
 * re-signed) before its promise resolves, so a step that awaits it never runs ahead of its record;
 * appends are serialized. Nothing of the log is kept in memory: readers stream it with `scan`.
 */
export class AuditLog {
  readonly path: string;
  readonly #file: FileHandle;
  readonly #clock: Clock;
  readonly #redactor: Redactor;
  readonly #anchor: { readonly path: string; readonly key: Buffer } | undefined;
  #seq: number;
  #prev: string;
  #bytes: number;
  #tail: Promise<unknown> = Promise.resolve();

  private constructor(
    path: string,
    file: FileHandle,
    parts: {
      clock: Clock;
      redactor: Redactor;
      anchor: { path: string; key: Buffer } | undefined;
      seq: number;
      prev: string;
      bytes: number;
    },
  ) {
    this.path = path;
    this.#file = file;
    this.#clock = parts.clock;
    this.#redactor = parts.redactor;
    this.#anchor = parts.anchor;
    this.#seq = parts.seq;
    this.#prev = parts.prev;
    this.#bytes = parts.bytes;
  }

  /**
   * Opens (or creates) a log. A broken chain, or a log its anchor says was cut or rewritten, is refused,
   * since orders must not go unrecorded. A log without anchor and key is anchored as found, and says so.
   */
  static async open(
    path: string,
    clock: Clock,
    redactor: Redactor,
    options: AuditOpenOptions = {},
  ): Promise<AuditLog> {
    await mkdir(dirname(path), { recursive: true });
    let state: AnchorState | undefined;
    let adopt: { reason: string; actor?: Actor } | undefined = options.adopt;
    if (options.anchor) {
      state = await readAnchorState(options.anchor);
      if (state.key === undefined && (state.anchor === undefined || adopt)) {
        state = { ...state, key: await createAnchorKey(options.anchor.keyPath) };
        adopt ??= state.anchor === undefined ? { reason: 'no anchor existed' } : undefined;
      }
    }
    const verdict = await checkAuditLog(path, adopt ? undefined : state);
    if (!verdict.ok) {
      const at = verdict.line === undefined ? '' : ` at line ${verdict.line}`;
      throw new Error(
        `audit log ${path} is broken${at}: ${verdict.problem}. ` +
          'Run "omsdesk audit verify" to inspect it; move it away to start a new chain.',
      );
    }
    const bytes = await stat(path).then(
      (s) => s.size,
      () => 0,
    );
    const file = await open(path, 'a', 0o600);
    const anchor = options.anchor && state?.key ? { path: options.anchor.path, key: state.key } : undefined;
    const log = new AuditLog(path, file, {
      clock,
      redactor,
      anchor,
      seq: verdict.entries,
      prev: verdict.lastHash,
      bytes,
    });
    if (anchor) {
      if (adopt && verdict.entries > 0) {
        options.notice?.(
          `audit log ${path} anchored as found at ${verdict.entries} lines (${adopt.reason}; key ${options.anchor?.keyPath})`,
        );
        await log.append({
          event: 'anchored',
          ...(adopt.actor === undefined ? {} : { actor: adopt.actor }),
          data: { lines: verdict.entries, reason: adopt.reason },
        });
      } else {
        // Also covers the one line a crash may have left after the last anchor.
        await writeAnchor(anchor.path, anchor.key, log.#seq, log.#prev);
      }
    }
    return log;
  }

  /** Appends one record and resolves once it is on disk. */
  append(record: AuditRecord): Promise<AuditEntry> {
    const next = this.#tail.then(() => this.#write(record));
    this.#tail = next.catch(() => undefined);
    return next;
  }

  /** Streams every entry written so far, oldest first (only those of `ticket`, when given). */
  async scan(visit: (entry: AuditEntry) => void, filter: { readonly ticket?: string } = {}): Promise<void> {
    const needle = filter.ticket === undefined ? undefined : `"ticket":${JSON.stringify(filter.ticket)}`;
    for await (const line of readAuditLines(this.path, this.#bytes)) {
      if (needle !== undefined && !line.includes(needle)) continue;
      const entry = JSON.parse(line) as AuditEntry;
      if (filter.ticket === undefined || entry.ticket === filter.ticket) visit(entry);
    }
  }

  async close(): Promise<void> {
    await this.#tail;
    await this.#file.close();
  }

  async #write(record: AuditRecord): Promise<AuditEntry> {
    const body = {
      seq: this.#seq + 1,
      at: toIstIso(this.#clock.now()),
      event: record.event,
      ...(record.ticket === undefined ? {} : { ticket: record.ticket }),
      ...(record.actor === undefined ? {} : { actor: record.actor }),
      ...(record.data === undefined ? {} : { data: this.#redactor.value(record.data) }),
      prev: this.#prev,
    };
    const entry: AuditEntry = { ...body, hash: entryHash(body) };
    const line = `${JSON.stringify(entry)}\n`;
    await this.#file.appendFile(line);
    await this.#file.sync();
    this.#seq = entry.seq;
    this.#prev = entry.hash;
    this.#bytes += Buffer.byteLength(line);
    if (this.#anchor) await writeAnchor(this.#anchor.path, this.#anchor.key, this.#seq, this.#prev);
    return entry;
  }
}
