import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { AuditRecord } from '../../audit/index.js';
import { readTextIfPresent, writeAtomically } from '../../data-dir/files.js';
import type { Logger } from '../../logger.js';
import { toIstIso } from '../../time/ist.js';
import type { EndedGrant, StoredToken, TokenStore } from './token-store.js';

/** The audit events a token's issue and revocation, and a sign-in grant's ending, become. */
export const TOKEN_EVENTS = {
  issue: 'token_issued',
  revoke: 'token_revoked',
  endGrant: 'grant_ended',
} as const;

/** The audit log as the mirror needs it: where it lives (to look behind a crash) and how to append. */
export interface MirrorAudit {
  readonly path: string;
  append(record: AuditRecord): Promise<unknown>;
}

/**
 * How far the journal is recorded in the audit log. `pending` is written before a batch is appended: if
 * the process dies inside the batch, the next start looks at the audit lines written since `auditBytes`
 * and appends only the records not among them, so each is recorded exactly once.
 */
interface Checkpoint {
  readonly end: number;
  readonly pending?: { readonly upTo: number; readonly auditBytes: number };
}

type Step =
  | { readonly offset: number; readonly kind: 'issue' | 'revoke'; readonly token: StoredToken }
  | { readonly offset: number; readonly kind: 'endGrant'; readonly grant: EndedGrant };

/**
 * Records the token journal's issues and revocations in the audit log, exactly once, by the one process
 * that holds the data dir (the audit log has one writer; the command line only appends to the journal).
 * A checkpoint file (`tokens-audited.json`) says how far the journal is recorded.
 */
export class TokenAuditMirror {
  readonly #store: TokenStore;
  readonly #audit: MirrorAudit;
  readonly #path: string;
  readonly #logger: Logger | undefined;
  #checkpoint: Checkpoint;
  #tail: Promise<void> = Promise.resolve();

  private constructor(
    store: TokenStore,
    audit: MirrorAudit,
    path: string,
    checkpoint: Checkpoint,
    logger?: Logger,
  ) {
    this.#store = store;
    this.#audit = audit;
    this.#path = path;
    this.#checkpoint = checkpoint;
    this.#logger = logger;
  }

  /** Opens the checkpoint at `path`; records nothing until `run`. */
  static async open(
    store: TokenStore,
    audit: MirrorAudit,
    path: string,
    logger?: Logger,
  ): Promise<TokenAuditMirror> {
    const text = await readTextIfPresent(path);
    return new TokenAuditMirror(
      store,
      audit,
      path,
      text === undefined ? { end: 0 } : parseCheckpoint(text, path),
      logger,
    );
  }

  /** Records what the store holds past the checkpoint (call after the store's refresh); runs one at a time. */
  run(): Promise<void> {
    const next = this.#tail.then(() => this.#record());
    this.#tail = next.catch(() => undefined);
    return next;
  }

  async #record(): Promise<void> {
    let checkpoint = this.#checkpoint;
    if (this.#store.end < checkpoint.end) {
      this.#logger?.warn(
        `token journal ${this.#store.path} is shorter than what the audit log recorded of it: it was replaced, and its entries are recorded again`,
      );
      checkpoint = { end: 0 };
    }
    const recorded =
      checkpoint.pending === undefined
        ? new Set<number>()
        : await this.#recordedSince(checkpoint.pending.auditBytes);
    const upTo = Math.max(this.#store.end, checkpoint.pending?.upTo ?? 0);
    const steps = this.#steps(checkpoint.end).filter((s) => !recorded.has(s.offset));
    if (steps.length === 0 && upTo === checkpoint.end && checkpoint.pending === undefined) return;
    if (steps.length > 0) {
      const auditBytes = Math.min(
        checkpoint.pending?.auditBytes ?? Number.POSITIVE_INFINITY,
        await size(this.#audit.path),
      );
      await this.#save({ end: checkpoint.end, pending: { upTo, auditBytes } });
      for (const step of steps) await this.#audit.append(auditRecord(step));
    }
    await this.#save({ end: upTo });
  }

  /** The issues and revocations at or after `from` in the journal, in journal order. */
  #steps(from: number): Step[] {
    const steps: Step[] = [];
    for (const token of this.#store.list()) {
      if (token.journal.issue >= from) steps.push({ offset: token.journal.issue, kind: 'issue', token });
      const revoke = token.journal.revoke;
      if (revoke !== undefined && revoke >= from) steps.push({ offset: revoke, kind: 'revoke', token });
    }
    for (const grant of this.#store.endedGrants())
      if (grant.journal >= from) steps.push({ offset: grant.journal, kind: 'endGrant', grant });
    return steps.sort((a, b) => a.offset - b.offset);
  }

  /** Journal offsets of the token events in the audit lines written from byte `start` on. */
  async #recordedSince(start: number): Promise<Set<number>> {
    const offsets = new Set<number>();
    if (start >= (await size(this.#audit.path))) return offsets;
    const lines = createInterface({ input: createReadStream(this.#audit.path, { encoding: 'utf8', start }) });
    for await (const line of lines) {
      try {
        const entry = JSON.parse(line) as { event?: string; data?: { journal?: unknown } };
        const isToken = Object.values(TOKEN_EVENTS).some((event) => entry.event === event);
        if (isToken && typeof entry.data?.journal === 'number') offsets.add(entry.data.journal);
      } catch {
        // a line cut by the crash: not ours to judge (the audit log's own check does)
      }
    }
    return offsets;
  }

  async #save(checkpoint: Checkpoint): Promise<void> {
    await writeAtomically(this.#path, `${JSON.stringify(checkpoint)}\n`);
    this.#checkpoint = checkpoint;
  }
}

/** A checkpoint as written; a damaged one is refused, since what it recorded cannot be known. */
function parseCheckpoint(text: string, path: string): Checkpoint {
  let value: Partial<Checkpoint> | undefined;
  try {
    value = JSON.parse(text) as Partial<Checkpoint>;
  } catch {
    value = undefined;
  }
  const pending = value?.pending;
  if (
    Number.isSafeInteger(value?.end) &&
    (pending === undefined ||
      (Number.isSafeInteger(pending.upTo) && Number.isSafeInteger(pending.auditBytes)))
  )
    return value as Checkpoint;
  throw new Error(
    `${path}, which says how much of the token journal the audit log records, is damaged: delete it to record the journal again from its start (what was recorded before then appears twice)`,
  );
}

function auditRecord(step: Step): AuditRecord {
  if (step.kind === 'endGrant') {
    const g = step.grant;
    return {
      event: TOKEN_EVENTS.endGrant,
      actor: { channel: g.by.channel, id: g.by.id },
      data: {
        person: g.person,
        grant: g.id,
        ...(g.why === undefined ? {} : { why: g.why }),
        journal: step.offset,
      },
    };
  }
  const t = step.token;
  const by = step.kind === 'issue' ? t.issuedBy : (t.revoked?.by ?? t.issuedBy);
  return {
    event: TOKEN_EVENTS[step.kind],
    actor: { channel: by.channel, id: by.id },
    data: {
      person: t.person,
      tokenId: t.id,
      ...(step.kind === 'issue'
        ? { expires: Number.isFinite(t.expires) ? toIstIso(t.expires) : 'never' }
        : {}),
      ...(t.scope === undefined ? {} : { scope: t.scope }),
      journal: step.offset,
    },
  };
}

async function size(path: string): Promise<number> {
  try {
    return (await stat(path)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}
