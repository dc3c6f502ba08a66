import { canonicalJson, legacyCanonicalJson, sha256 } from './canonical.js';

/** Who acted: a person through a channel (`discord`, `mcp-elicitation`, `mcp-tool`, `cli`) or the system. */
export interface Actor {
  readonly channel: string;
  readonly id: string;
  readonly name?: string;
  /** Where in the channel the person acted, when it has places of its own (a Discord channel id). */
  readonly channelId?: string;
  /** With a people file: the person's id there, whichever channel they came in through. */
  readonly person?: string;
  /** The id of the personal token that made the request (never its secret): revoking it ends what it asked. */
  readonly credential?: string;
}

/** One audit line: what happened to which ticket, who did it, and the link to the line before. */
export interface AuditEntry {
  readonly seq: number;
  /** ISO 8601 with the IST offset. */
  readonly at: string;
  readonly event: string;
  readonly ticket?: string;
  readonly actor?: Actor;
  readonly data?: unknown;
  /** Hash of the previous line (`GENESIS` for the first). */
  readonly prev: string;
  readonly hash: string;
}

/** The `prev` of the first line. */
export const GENESIS = '0'.repeat(64);

/** The hash a new line carries: over the previous hash and the line's own content (RFC 8785). */
export function entryHash(entry: Omit<AuditEntry, 'hash'>): string {
  return sha256(`${entry.prev}\n${canonicalJson(entry)}`);
}

/** True when a line carries its own hash, as written now or (lines from before RFC 8785) in the legacy form. */
export function carriesItsHash(entry: AuditEntry): boolean {
  const { hash, ...rest } = entry;
  return hash === entryHash(rest) || hash === sha256(`${rest.prev}\n${legacyCanonicalJson(rest)}`);
}
