import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { writeAtomically } from '../data-dir/files.js';
import { EXCHANGES, type Exchange } from '../vocabulary/index.js';
import { CatalogueError } from './errors.js';

/** One download of the published masters: where from, when, and each exchange's file text. */
export interface MasterSet {
  readonly location: string;
  readonly fetchedAt: number;
  readonly files: ReadonlyMap<Exchange, string>;
}

const INDEX_FILE = 'masters.json';
const CACHED_FILE = /^[A-Z]+_symbols\.\d+\.txt$/;

const indexSchema = z.object({
  version: z.literal(1),
  location: z.string(),
  fetchedAt: z.number().int().nonnegative(),
  files: z.partialRecord(z.enum(EXCHANGES), z.string().regex(CACHED_FILE)),
});

/**
 * Keeps a download in `dir`: each file under a name stamped with the download time, then the index that
 * names them, each written atomically, then older files removed. A crash at any point leaves the previous
 * set or the new one, never a mixture.
 */
export async function writeMastersCache(dir: string, set: MasterSet): Promise<void> {
  await mkdir(dir, { recursive: true });
  const files: Partial<Record<Exchange, string>> = {};
  for (const [exchange, text] of set.files) {
    const name = `${exchange}_symbols.${set.fetchedAt}.txt`;
    await writeAtomically(join(dir, name), text);
    files[exchange] = name;
  }
  const index = { version: 1, location: set.location, fetchedAt: set.fetchedAt, files };
  await writeAtomically(join(dir, INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`);
  const kept = new Set(Object.values(files));
  for (const name of await readdir(dir)) {
    if (CACHED_FILE.test(name) && !kept.has(name)) await rm(join(dir, name), { force: true });
  }
}

/** The cached download in `dir`; undefined when there is none. A damaged cache is a `CatalogueError`. */
export async function readMastersCache(dir: string): Promise<MasterSet | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, INDEX_FILE), 'utf8');
  } catch (cause) {
    if ((cause as { code?: string }).code === 'ENOENT') return undefined;
    throw new CatalogueError(`cannot read ${join(dir, INDEX_FILE)}`, [], { cause });
  }
  let index: z.infer<typeof indexSchema>;
  try {
    index = indexSchema.parse(JSON.parse(text));
  } catch (cause) {
    throw new CatalogueError(`${join(dir, INDEX_FILE)} is damaged`, [], { cause });
  }
  const files = new Map<Exchange, string>();
  for (const exchange of EXCHANGES) {
    const name = index.files[exchange];
    if (name === undefined) continue;
    try {
      files.set(exchange, await readFile(join(dir, name), 'utf8'));
    } catch (cause) {
      throw new CatalogueError(`the cached ${name} is missing or unreadable`, [], { cause });
    }
  }
  return { location: index.location, fetchedAt: index.fetchedAt, files };
}
