import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';

/**
 * Where a token was issued or revoked: on the machine's command line, by a linked Discord person, or by
 * omsdesk itself (its person left the people file).
 */
export type TokenChannel = 'cli' | 'discord' | 'omsdesk';

/** Who issued or revoked a token, and through which channel. */
export interface TokenActor {
  readonly channel: TokenChannel;
  readonly id: string;
}

const actor = z.object({ channel: z.enum(['cli', 'discord', 'omsdesk']), id: z.string() });
const record = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('issue'),
    id: z.string(),
    person: z.string(),
    hash: z.string().regex(/^[0-9a-f]{64}$/),
    at: z.iso.datetime({ offset: true }),
    /** Absent for a token that never expires (a metrics-only token). */
    expires: z.iso.datetime({ offset: true }).optional(),
    /** `metrics`: the token reads `/metrics` and nothing else. */
    scope: z.literal('metrics').optional(),
    by: actor,
  }),
  z.object({ op: z.literal('revoke'), id: z.string(), at: z.iso.datetime({ offset: true }), by: actor }),
  /** A sign-in (OAuth) grant ended, by its short id: what it asked for ends as a revoked token's does. */
  z.object({
    op: z.literal('end-grant'),
    id: z.string(),
    person: z.string(),
    at: z.iso.datetime({ offset: true }),
    by: actor,
    why: z.string().optional(),
  }),
]);

/** One line of the token journal: a token issued (with its hash, never itself) or revoked, or a grant ended. */
export type JournalRecord = z.output<typeof record>;

/** A record and the byte offset its line starts at (its place in the journal, for the audit mirror). */
export interface Placed {
  readonly record: JournalRecord;
  readonly offset: number;
}

/** What a read from a known point found. */
export interface JournalRead {
  readonly records: readonly Placed[];
  /** Where the next read starts: after the last complete line. */
  readonly end: number;
  /** Which file this is (a replaced journal starts over). */
  readonly file: string | undefined;
  /** The journal was replaced or cut since the last read: `records` are its whole content. */
  readonly restarted: boolean;
  /** Offsets of lines that are not records (a writer that died mid-line). */
  readonly unreadable: readonly number[];
}

/**
 * Appends one record as one `write` to a file opened for appending, so records of two processes writing
 * at once never interleave; a line left torn by a writer that died is closed first. Flushed to disk
 * before it resolves: a command reports an issue or a revocation only once it is durable.
 */
export async function appendRecord(path: string, entry: JournalRecord): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const file = await open(path, 'a+', 0o600);
  try {
    const { size } = await file.stat();
    const last = Buffer.alloc(1);
    if (size > 0) await file.read(last, 0, 1, size - 1);
    const line = Buffer.from(`${size > 0 && last[0] !== 0x0a ? '\n' : ''}${JSON.stringify(entry)}\n`);
    const { bytesWritten } = await file.write(line);
    if (bytesWritten !== line.length) throw new Error(`token journal ${path}: short write`);
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Reads the records added since `from` (the whole journal when it was replaced or cut since). */
export async function readJournal(
  path: string,
  from: { readonly end: number; readonly file: string | undefined },
): Promise<JournalRead> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const restarted = from.end > 0;
    return { records: [], end: 0, file: undefined, restarted, unreadable: [] };
  }
  try {
    const s = await file.stat({ bigint: true });
    const identity = `${s.dev}:${s.ino}`;
    const restarted = (from.file !== undefined && from.file !== identity) || Number(s.size) < from.end;
    const start = restarted ? 0 : from.end;
    const bytes = Buffer.alloc(Number(s.size) - start);
    if (bytes.length > 0) await file.read(bytes, 0, bytes.length, start);
    const complete = bytes.lastIndexOf(0x0a) + 1;
    const records: Placed[] = [];
    const unreadable: number[] = [];
    for (let at = 0; at < complete; ) {
      const stop = bytes.indexOf(0x0a, at);
      const text = bytes.subarray(at, stop).toString('utf8').trim();
      if (text !== '') {
        const parsed = parse(text);
        if (parsed === undefined) unreadable.push(start + at);
        else records.push({ record: parsed, offset: start + at });
      }
      at = stop + 1;
    }
    return {
      records,
      end: start + complete,
      file: identity,
      restarted: restarted && from.end > 0,
      unreadable,
    };
  } finally {
    await file.close();
  }
}

function parse(text: string): JournalRecord | undefined {
  try {
    const result = record.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}
