import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type AuditEntry, carriesItsHash } from './entry.js';
import { type AuditLine, entryOfLine, MAX_AUDIT_LINE_BYTES, type ReadCounts, readRange } from './read.js';

/** Where one line of a ticket lies in the log. */
interface Place {
  readonly seq: number;
  readonly start: number;
  readonly end: number;
}

/**
 * Buckets: the first 10 bits of a ticket id's SHA-256 (its file named in three hex digits), each a 1,024th
 * of the index: a lookup reads about 40 places at 40,000 lines, a rebuild writes at most 1,024 files.
 */
const BUCKETS = 1024;
/** Buckets written at once. */
const PARALLEL = 8;
/** Hex digits of a seal's MAC (128 bits). */
const MAC_HEX = 32;
/** What a seal line starts with (never a ticket's place, which starts with its id in quotes). */
const SEAL = '#';

/**
 * Where each ticket's lines lie in the audit log, so a ticket is found without reading the log: one
 * small bucket file per hash prefix of the id, each line `["T…",seq,start,end]`, plus the lines written
 * since the last flush in memory. Only the part of a bucket vouched for (by the signed checkpoint, or
 * written by this process) is read, so whatever a crash left after it is ignored. What one flush appends
 * to a bucket ends with a seal line, `#` and a MAC (the anchor's key) over those lines and where they
 * start, and a lookup checks every seal of the bucket: an edit, even one keeping the size, that hides a
 * ticket's line is noticed. Every place found is also checked against the line it names. A damaged index
 * is never believed.
 */
export class TicketIndex {
  readonly #dir: string;
  readonly #key: Buffer;
  readonly #counts: ReadCounts;
  readonly #sizes: number[];
  /** Buckets whose file holds exactly what `#sizes` says (written by this process, or made afresh). */
  readonly #exact = new Set<number>();
  #pending = new Map<string, Place[]>();
  #pendingCount = 0;
  #flushing = new Map<string, Place[]>();

  constructor(dir: string, key: Buffer, sizes: readonly number[], counts: ReadCounts) {
    this.#dir = dir;
    this.#key = key;
    this.#sizes = Array.from({ length: BUCKETS }, (_, i) => sizes[i] ?? 0);
    this.#counts = counts;
  }

  /** An empty index, its old files removed (it is being rebuilt from the whole log). */
  static async fresh(dir: string, key: Buffer, counts: ReadCounts): Promise<TicketIndex> {
    await rm(dir, { recursive: true, force: true });
    const index = new TicketIndex(dir, key, [], counts);
    for (let b = 0; b < BUCKETS; b++) index.#exact.add(b);
    return index;
  }

  /** Places held in memory, not yet in the bucket files. */
  get pending(): number {
    return this.#pendingCount;
  }

  /** Records where a line of a ticket lies. */
  add(ticket: string, line: Pick<AuditLine, 'start' | 'end'>, seq: number): void {
    const places = this.#pending.get(ticket);
    const place = { seq, start: line.start, end: line.end };
    this.#pendingCount += 1;
    if (places) places.push(place);
    else this.#pending.set(ticket, [place]);
  }

  /**
   * Appends the places held in memory to their buckets; resolves with how much of each bucket is then
   * complete. What is held is taken at the call, so places added meanwhile wait for the next flush. A
   * bucket this process has not written is first cut back to its complete part (a crash may have left
   * more). Not synced (a sync per bucket): what a power cut loses reads as damage.
   */
  async flush(): Promise<number[]> {
    const [batch, count] = [this.#pending, this.#pendingCount];
    this.#pending = new Map();
    this.#pendingCount = 0;
    this.#flushing = batch;
    try {
      const buckets = new Map<number, string[]>();
      for (const [ticket, places] of batch) {
        const lines = buckets.get(bucketOf(ticket)) ?? [];
        for (const p of places) lines.push(`${JSON.stringify([ticket, p.seq, p.start, p.end])}\n`);
        buckets.set(bucketOf(ticket), lines);
      }
      await mkdir(this.#dir, { recursive: true, mode: 0o700 });
      await inBatches([...buckets], async ([bucket, lines]) => {
        const chunk = lines.join('');
        const text = `${chunk}${SEAL}${this.#mac(this.#sizes[bucket] ?? 0, chunk)}\n`;
        const file = await open(join(this.#dir, fileOf(bucket)), 'a', 0o600);
        try {
          if (!this.#exact.has(bucket)) await file.truncate(this.#sizes[bucket] ?? 0);
          await file.appendFile(text);
        } finally {
          await file.close();
        }
        this.#sizes[bucket] = (this.#sizes[bucket] ?? 0) + Buffer.byteLength(text);
        this.#exact.add(bucket);
      });
    } catch (error) {
      this.#exact.clear(); // a write cut short may have left part of a line
      for (const [ticket, places] of batch)
        this.#pending.set(ticket, [...places, ...(this.#pending.get(ticket) ?? [])]);
      this.#pendingCount += count;
      throw error;
    } finally {
      this.#flushing = new Map();
    }
    return [...this.#sizes];
  }

  /** The places of a ticket's lines, oldest first; `damaged` when the bucket is not what was written. */
  async find(ticket: string): Promise<Place[] | 'damaged'> {
    const bucket = bucketOf(ticket);
    const size = this.#sizes[bucket] ?? 0;
    const places: Place[] = [...(this.#flushing.get(ticket) ?? []), ...(this.#pending.get(ticket) ?? [])];
    if (size > 0) {
      const text = await readWhole(join(this.#dir, fileOf(bucket)), size);
      // Cut short or zero-filled (bucket files are not synced: a power cut can do either) reads as damaged.
      if (text === undefined || !text.endsWith('\n') || text.includes('\0')) return 'damaged';
      this.#counts.indexBytes += size;
      // Every seal is checked, not only the ticket's lines: a line edited into another ticket's hides one.
      const needle = `[${JSON.stringify(ticket)},`;
      let [from, offset] = [0, 0];
      for (let seal = text.indexOf(`\n${SEAL}`); seal !== -1; seal = text.indexOf(`\n${SEAL}`, from)) {
        const chunk = text.slice(from, seal + 1);
        const end = text.indexOf('\n', seal + 1);
        if (!sameMac(text.slice(seal + 1 + SEAL.length, end), this.#mac(offset, chunk))) return 'damaged';
        for (const line of chunk.split('\n')) {
          if (!line.startsWith(needle)) continue;
          const place = placeFrom(line);
          if (place === undefined) return 'damaged';
          places.push(place);
        }
        offset += Buffer.byteLength(text.slice(from, end + 1));
        from = end + 1;
      }
      if (from !== text.length) return 'damaged'; // lines after the last seal: not what was written
    }
    const bySeq = new Map(places.map((p) => [p.seq, p]));
    return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
  }

  /** The MAC of a flush's lines appended at byte `offset` of a bucket. */
  #mac(offset: number, chunk: string): string {
    return createHmac('sha256', this.#key)
      .update(`omsdesk-audit-index\n${offset}\n${chunk}`)
      .digest('hex')
      .slice(0, MAC_HEX);
  }
}

/**
 * The entries at the given places of the log, each checked to be a line of `ticket` carrying its own
 * hash; `damaged` when one is not (the index points elsewhere than it should).
 */
export async function entriesAt(
  logPath: string,
  ticket: string,
  places: readonly Place[],
  counts: ReadCounts,
): Promise<AuditEntry[] | 'damaged'> {
  if (places.length === 0) return [];
  const file = await open(logPath, 'r');
  try {
    const entries: AuditEntry[] = [];
    for (const place of places) {
      const bytes = await readRange(file, place.start, place.end - place.start);
      counts.logLines += 1;
      counts.logBytes += bytes.length;
      const entry = entryOfLine(bytes);
      if (entry?.seq !== place.seq || entry.ticket !== ticket || !carriesItsHash(entry)) return 'damaged';
      entries.push(entry);
    }
    return entries;
  } finally {
    await file.close();
  }
}

function bucketOf(ticket: string): number {
  return createHash('sha256').update(ticket).digest().readUInt16BE(0) >> 6;
}

/** A bucket's file: its three hex digits. */
function fileOf(bucket: number): string {
  return bucket.toString(16).padStart(3, '0');
}

function sameMac(given: string, expected: string): boolean {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
}

function placeFrom(line: string): Place | undefined {
  try {
    const [, seq, start, end] = JSON.parse(line) as unknown[];
    const counts = [seq, start, end];
    if (
      counts.every((n) => Number.isSafeInteger(n) && (n as number) >= 0) &&
      (end as number) > (start as number) &&
      (end as number) - (start as number) <= MAX_AUDIT_LINE_BYTES + 1
    )
      return { seq: seq as number, start: start as number, end: end as number };
  } catch {
    // falls through: not a place omsdesk wrote
  }
  return undefined;
}

/** The first `size` bytes of a file as text; undefined when it is missing or shorter. */
async function readWhole(path: string, size: number): Promise<string | undefined> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const bytes = await readRange(file, 0, size);
    return bytes.length === size ? bytes.toString('utf8') : undefined;
  } finally {
    await file.close();
  }
}

async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += PARALLEL) await Promise.all(items.slice(i, i + PARALLEL).map(run));
}
