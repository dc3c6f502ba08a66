import { readFile } from 'node:fs/promises';
import { type AuditEntry, entryHash, GENESIS } from './entry.js';

/** The outcome of checking a whole audit log. */
export type AuditVerdict =
  | { readonly ok: true; readonly entries: number; readonly lastHash: string }
  | { readonly ok: false; readonly entries: number; readonly line: number; readonly problem: string };

/** Checks every line of an audit log's text: JSON, sequence, link to the previous line and own hash. */
export function verifyAuditText(text: string): AuditVerdict & { readonly parsed: readonly AuditEntry[] } {
  const parsed: AuditEntry[] = [];
  let prev = GENESIS;
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  for (const [index, line] of lines.entries()) {
    const broken = (problem: string) => ({
      ok: false as const,
      entries: parsed.length,
      line: index + 1,
      problem,
      parsed,
    });
    let entry: AuditEntry;
    try {
      entry = JSON.parse(line) as AuditEntry;
    } catch {
      return broken('not valid JSON (a partial write or an edit)');
    }
    if (entry.seq !== index + 1)
      return broken(`sequence ${String(entry.seq)} where ${index + 1} was expected`);
    if (entry.prev !== prev)
      return broken('does not link to the line before (a line was removed, reordered or edited)');
    const { hash, ...rest } = entry;
    if (hash !== entryHash(rest)) return broken('its content does not match its hash (the line was edited)');
    parsed.push(entry);
    prev = hash;
  }
  return { ok: true, entries: parsed.length, lastHash: prev, parsed };
}

/** Checks an audit log file; a missing file is an empty, valid log. */
export async function verifyAuditLog(path: string): Promise<AuditVerdict> {
  let text = '';
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { parsed: _parsed, ...verdict } = verifyAuditText(text);
  return verdict;
}
