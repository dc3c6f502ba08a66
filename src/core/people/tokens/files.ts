import { join } from 'node:path';

/** The token files of a data dir: the journal (hashes, never tokens), last uses, and the audit checkpoint. */
export function tokenFiles(dataDir: string): {
  readonly journal: string;
  readonly uses: string;
  readonly audited: string;
} {
  return {
    journal: join(dataDir, 'tokens.jsonl'),
    uses: join(dataDir, 'tokens-used.json'),
    audited: join(dataDir, 'tokens-audited.json'),
  };
}
