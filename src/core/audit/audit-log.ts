import { type FileHandle, mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Clock } from '../clock.js';
import type { Redactor } from '../redact.js';
import { toIstIso } from '../time/ist.js';
import { type Actor, type AuditEntry, entryHash } from './entry.js';
import { verifyAuditText } from './verify.js';

/** What a caller records; the log adds the sequence, time and hash chain. */
export interface AuditRecord {
  readonly event: string;
  readonly ticket?: string;
  readonly actor?: Actor;
  readonly data?: unknown;
}

/**
 * An append-only, hash-chained JSON-lines log. Each append is written and fsync'd before its promise
 * resolves, so a step that awaits it never runs ahead of its record; appends are serialized.
 */
export class AuditLog {
  readonly path: string;
  readonly #file: FileHandle;
  readonly #clock: Clock;
  readonly #redactor: Redactor;
  #seq: number;
  #prev: string;
  #tail: Promise<unknown> = Promise.resolve();
  readonly #entries: AuditEntry[];

  private constructor(
    path: string,
    file: FileHandle,
    clock: Clock,
    redactor: Redactor,
    entries: AuditEntry[],
  ) {
    this.path = path;
    this.#file = file;
    this.#clock = clock;
    this.#redactor = redactor;
    this.#entries = entries;
    this.#seq = entries.length;
    this.#prev = entries.at(-1)?.hash ?? '0'.repeat(64);
  }

  /** Opens (or creates) a log; a broken chain is refused, since orders must not go unrecorded. */
  static async open(path: string, clock: Clock, redactor: Redactor): Promise<AuditLog> {
    await mkdir(dirname(path), { recursive: true });
    let text = '';
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const verdict = verifyAuditText(text);
    if (!verdict.ok) {
      throw new Error(
        `audit log ${path} is broken at line ${verdict.line}: ${verdict.problem}. ` +
          'Run "omsdesk audit verify" to inspect it; move it away to start a new chain.',
      );
    }
    const file = await open(path, 'a', 0o600);
    return new AuditLog(path, file, clock, redactor, [...verdict.parsed]);
  }

  /** Appends one record and resolves once it is on disk. */
  append(record: AuditRecord): Promise<AuditEntry> {
    const next = this.#tail.then(() => this.#write(record));
    this.#tail = next.catch(() => undefined);
    return next;
  }

  /** Every entry so far (read at open, then appended), oldest first. */
  entries(): readonly AuditEntry[] {
    return this.#entries;
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
    await this.#file.appendFile(`${JSON.stringify(entry)}\n`);
    await this.#file.sync();
    this.#seq = entry.seq;
    this.#prev = entry.hash;
    this.#entries.push(entry);
    return entry;
  }
}
