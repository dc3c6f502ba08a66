import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CatalogueError,
  loadPublishedMasters,
  PublishedMasters,
  type PublishedMastersOptions,
} from '../../../src/core/catalogue/index.js';
import type { Logger } from '../../../src/core/logger.js';
import { buildZip, cashFile, SAMPLE_MASTERS } from '../../fixtures/catalogue/zip.js';
import { type FileServer, startFileServer } from '../../helpers/file-server.js';

/** An IST wall-clock time in November 2026 (the 20th is a Friday). */
const ist = (day: number, hour: number, minute = 0): number =>
  Date.UTC(2026, 10, day, hour, minute) - 330 * 60_000;
const zipOf = (name: string, text: string): Buffer => buildZip([{ name, data: text }]);

let server: FileServer;
let dir: string;
let now: number;
let warnings: string[];
const logger: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (message) => warnings.push(message),
  error: () => undefined,
};

function serveSample(): void {
  for (const [exchange, text] of Object.entries(SAMPLE_MASTERS)) {
    server.set(`/${exchange}_symbols.txt.zip`, zipOf(`${exchange}_symbols.txt`, text));
  }
}

function options(overrides: Partial<PublishedMastersOptions> = {}): PublishedMastersOptions {
  return {
    location: server.url,
    exchanges: ['NSE', 'BSE', 'NFO'],
    cacheDir: join(dir, 'instruments'),
    clock: { now: () => now },
    logger,
    ...overrides,
  };
}

async function loadError(o: PublishedMastersOptions): Promise<string> {
  const error = await loadPublishedMasters(o).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CatalogueError);
  return (error as Error).message;
}

beforeEach(async () => {
  server = await startFileServer();
  serveSample();
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-masters-'));
  now = ist(20, 10);
  warnings = [];
});

afterEach(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

describe('loadPublishedMasters', () => {
  it('downloads each exchange’s zip, parses it, and caches it in the data dir', async () => {
    const loaded = await loadPublishedMasters(options());
    expect(loaded.source).toBe('download');
    expect(loaded.fetchedAt).toBe(now);
    const reliance = loaded.catalog.resolve('RELIANCE');
    expect(reliance.status === 'found' && reliance.instrument.token).toBe('2885');
    expect(loaded.catalog.get('NFO:NIFTY24NOV26C24000')?.strike).toBe(24000);
    expect(server.requests).toEqual(['/NSE_symbols.txt.zip', '/BSE_symbols.txt.zip', '/NFO_symbols.txt.zip']);
    expect((await readdir(join(dir, 'instruments'))).sort()).toEqual([
      `BSE_symbols.${now}.txt`,
      `NFO_symbols.${now}.txt`,
      `NSE_symbols.${now}.txt`,
      'masters.json',
    ]);
    expect(warnings).toEqual([]);
  });

  it('fetches only the exchanges asked for', async () => {
    const loaded = await loadPublishedMasters(options({ exchanges: ['NSE'] }));
    expect(server.requests).toEqual(['/NSE_symbols.txt.zip']);
    expect(new Set(loaded.catalog.all().map((i) => i.exchange))).toEqual(new Set(['NSE']));
  });

  it('starts from the cache for the rest of the trading day and over the weekend, without a request', async () => {
    await loadPublishedMasters(options());
    for (const at of [ist(20, 15, 30), ist(21, 12), ist(23, 7, 59)]) {
      now = at;
      const again = await loadPublishedMasters(options());
      expect(again.source).toBe('cache');
      expect(again.fetchedAt).toBe(ist(20, 10));
      expect(again.catalog.get('NSE:RELIANCE-EQ')?.token).toBe('2885');
    }
    expect(server.requests).toHaveLength(3);
  });

  it('downloads again after the next trading day’s cutoff, and replaces the cached files', async () => {
    await loadPublishedMasters(options());
    server.set(
      '/NSE_symbols.txt.zip',
      zipOf('NSE_symbols.txt', cashFile(['NSE,1594,1,INFY,INFY-EQ,EQ,0.1,'])),
    );
    now = ist(23, 8);
    const monday = await loadPublishedMasters(options());
    expect(monday.source).toBe('download');
    expect(monday.catalog.get('NSE:INFY-EQ')?.token).toBe('1594');
    expect(monday.catalog.get('NSE:RELIANCE-EQ')).toBeUndefined();
    expect(server.requests).toHaveLength(6);
    expect((await readdir(join(dir, 'instruments'))).filter((f) => f.startsWith('NSE_'))).toEqual([
      `NSE_symbols.${now}.txt`,
    ]);
  });

  it('falls back to the cache when the download fails, with a warning that says how old it is', async () => {
    await loadPublishedMasters(options());
    server.set('/NFO_symbols.txt.zip', { status: 503, body: 'busy' });
    now = ist(23, 9);
    const loaded = await loadPublishedMasters(options());
    expect(loaded.source).toBe('stale-cache');
    expect(loaded.fetchedAt).toBe(ist(20, 10));
    expect(loaded.catalog.get('NSE:RELIANCE-EQ')?.token).toBe('2885');
    expect(warnings).toEqual([
      `Could not download the instrument masters from ${server.url} (NFO_symbols.txt.zip: the server answered HTTP 503); using the cached copy downloaded 2026-11-20 10:00 IST, 2 days 23 hours ago.`,
    ]);
    // The files that did arrive replaced nothing: a partial set never reaches the cache.
    const index = JSON.parse(await readFile(join(dir, 'instruments/masters.json'), 'utf8')) as {
      fetchedAt: number;
    };
    expect(index.fetchedAt).toBe(ist(20, 10));
  });

  it('fails with a clear error when the download fails and there is no cache', async () => {
    server.remove('/BSE_symbols.txt.zip');
    expect(await loadError(options())).toBe(
      `Cannot load the instrument masters from ${server.url}: neither BSE_symbols.txt.zip nor BSE_symbols.txt is there; and there is no usable cached copy in ${join(dir, 'instruments')} to fall back on. Check the location (it must hold NSE_symbols.txt.zip, BSE_symbols.txt.zip, NFO_symbols.txt.zip) or supply an instrument CSV instead.`,
    );
  });

  it('treats a corrupt zip as a failed download', async () => {
    server.set(
      '/NSE_symbols.txt.zip',
      buildZip([{ name: 'NSE_symbols.txt', data: SAMPLE_MASTERS.NSE }]).subarray(0, 80),
    );
    expect(await loadError(options())).toMatch(
      /NSE_symbols.txt.zip is not a readable zip archive: (the archive is damaged or cut short|it ends inside its file)/,
    );
    server.set('/NSE_symbols.txt.zip', { status: 200, body: '<html>maintenance</html>' });
    expect(await loadError(options())).toContain('NSE_symbols.txt lacks the column(s)');
  });

  it('refuses an entry that would unpack past the bound, and a download that grows past it', async () => {
    expect(await loadError(options({ limits: { fileBytes: 200 } }))).toContain(
      'NSE_symbols.txt.zip is not a readable zip archive: its file would unpack to 296 bytes, more than the 200 bytes allowed',
    );
    const big = zipOf('NFO_symbols.txt', SAMPLE_MASTERS.NFO + '#'.repeat(300_000));
    server.set('/NFO_symbols.txt.zip', { body: Buffer.concat([big, Buffer.alloc(200_000)]), chunked: true });
    expect(await loadError(options({ limits: { downloadBytes: 100_000 } }))).toContain(
      'NFO_symbols.txt.zip is larger than the 98 KB allowed',
    );
  });

  it('accepts plain text files, from a URL or from a local directory', async () => {
    server.remove('/BSE_symbols.txt.zip');
    server.set('/BSE_symbols.txt', SAMPLE_MASTERS.BSE);
    const fromUrl = await loadPublishedMasters(options());
    expect(fromUrl.catalog.get('BSE:RELIANCE')?.token).toBe('500325');

    const local = join(dir, 'published');
    await mkdir(local);
    await writeFile(join(local, 'NSE_symbols.txt.zip'), zipOf('NSE_symbols.txt', SAMPLE_MASTERS.NSE));
    await writeFile(join(local, 'NFO_symbols.txt'), SAMPLE_MASTERS.NFO);
    const fromDir = await loadPublishedMasters(
      options({ location: local, exchanges: ['NSE', 'NFO'], cacheDir: join(dir, 'other-cache') }),
    );
    expect(fromDir.source).toBe('download');
    expect(fromDir.catalog.get('NFO:NIFTY24NOV26F')?.kind).toBe('FUTIDX');
  });

  it('ignores a damaged cache with a warning and downloads afresh', async () => {
    await loadPublishedMasters(options());
    await writeFile(join(dir, 'instruments/masters.json'), '{"version": 1, "fetchedAt": "soon"');
    const loaded = await loadPublishedMasters(options());
    expect(loaded.source).toBe('download');
    expect(warnings).toEqual([
      `Ignoring the cached instrument masters: ${join(dir, 'instruments/masters.json')} is damaged.`,
    ]);
    await rm(join(dir, `instruments/NFO_symbols.${now}.txt`));
    warnings = [];
    now = ist(23, 9);
    server.remove('/NFO_symbols.txt.zip');
    expect(await loadError(options())).toContain('there is no usable cached copy');
    expect(warnings).toEqual([
      `Ignoring the cached instrument masters: the cached NFO_symbols.${ist(20, 10)}.txt is missing or unreadable.`,
    ]);
  });

  it('refuses plain http to another machine, where a tampered master could redirect orders', async () => {
    expect(await loadError(options({ location: 'http://masters.example' }))).toContain(
      'Cannot load the instrument masters from http://masters.example: plain http is accepted only on this machine: use https;',
    );
    expect(server.requests).toEqual([]);
  });

  it('never falls back on a copy cached from another location', async () => {
    await loadPublishedMasters(options());
    const other = await startFileServer();
    try {
      expect(await loadError(options({ location: other.url }))).toContain('there is no usable cached copy');
    } finally {
      await other.close();
    }
  });
});

describe('PublishedMasters (a long-running process)', () => {
  it('refreshes in the background after the next cutoff: one download however many callers ask', async () => {
    const masters = await PublishedMasters.open(options());
    now = ist(20, 16);
    masters.current();
    await masters.idle();
    expect(server.requests).toHaveLength(3);

    server.set(
      '/NSE_symbols.txt.zip',
      zipOf('NSE_symbols.txt', cashFile(['NSE,1594,1,INFY,INFY-EQ,EQ,0.1,'])),
    );
    now = ist(23, 8);
    const during = Array.from({ length: 5 }, () => masters.current());
    // Callers are answered at once with the catalogue in hand while the download runs.
    expect(during.every((c) => c.get('NSE:RELIANCE-EQ')?.token === '2885')).toBe(true);
    await masters.idle();
    expect(server.requests).toHaveLength(6);
    expect(masters.current().get('NSE:INFY-EQ')?.token).toBe('1594');
    expect(masters.fetchedAt).toBe(ist(23, 8));
    await masters.close();
  });

  it('keeps the catalogue in hand when a refresh fails, warns, and tries again fifteen minutes later', async () => {
    const masters = await PublishedMasters.open(options());
    server.set('/NSE_symbols.txt.zip', { status: 502, body: 'bad gateway' });
    now = ist(23, 8);
    masters.current();
    await masters.idle();
    expect(masters.current().get('NSE:RELIANCE-EQ')?.token).toBe('2885');
    expect(warnings).toEqual([
      'Could not refresh the instrument masters (NSE_symbols.txt.zip: the server answered HTTP 502); keeping the copy downloaded 2026-11-20 10:00 IST, 2 days 22 hours ago, next attempt in 15 minutes.',
    ]);
    expect(server.requests).toHaveLength(4);

    now = ist(23, 8, 14);
    masters.current();
    await masters.idle();
    expect(server.requests).toHaveLength(4);

    serveSample();
    server.set(
      '/NSE_symbols.txt.zip',
      zipOf('NSE_symbols.txt', cashFile(['NSE,1594,1,INFY,INFY-EQ,EQ,0.1,'])),
    );
    now = ist(23, 8, 15);
    masters.current();
    await masters.idle();
    expect(masters.current().get('NSE:INFY-EQ')?.token).toBe('1594');
    await masters.close();
  });

  it('starts no refresh once closed', async () => {
    const masters = await PublishedMasters.open(options());
    await masters.close();
    now = ist(23, 9);
    expect(masters.current().get('NSE:RELIANCE-EQ')?.token).toBe('2885');
    await masters.idle();
    expect(server.requests).toHaveLength(3);
  });
});
