import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Dispatcher, request } from 'undici';
import { isLoopback } from '../transport/loopback.js';
import type { Exchange } from '../vocabulary/index.js';
import { CatalogueError } from './errors.js';
import { symbolFileName } from './noren.js';
import { looksLikeZip, sizeText, unzipFirstFile } from './zip.js';

/** Size bounds of one download: what may arrive, and what its file may unpack to. */
export interface MasterLimits {
  readonly downloadBytes: number;
  readonly fileBytes: number;
}

/** Generous for real masters (the largest, NFO, is a few MB zipped and tens of MB unpacked), finite for broken ones. */
export const DEFAULT_MASTER_LIMITS: MasterLimits = {
  downloadBytes: 64 * 1_048_576,
  fileBytes: 256 * 1_048_576,
};

/** How to reach a masters location. */
export interface DownloadOptions {
  readonly limits: MasterLimits;
  readonly timeoutMs: number;
  readonly dispatcher: Dispatcher;
  readonly signal?: AbortSignal;
}

/** True when a masters location is a URL rather than a local directory. */
export function isUrlLocation(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** A location as messages show it: a URL without any query, fragment or credentials. */
export function describeLocation(location: string): string {
  if (!isUrlLocation(location)) return location;
  try {
    const url = new URL(location);
    return `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    return 'the configured URL';
  }
}

/** Refuses plain http beyond this machine: a tampered master would send orders to the wrong contracts. */
export function checkLocation(location: string): void {
  if (!/^http:\/\//i.test(location)) return;
  let host = '';
  try {
    host = new URL(location).hostname;
  } catch {
    // An unparsable URL is refused below like a remote one.
  }
  if (!isLoopback(host)) throw new CatalogueError('plain http is accepted only on this machine: use https');
}

/**
 * Fetches one exchange's symbol file from a base URL or a directory: `NSE_symbols.txt.zip`, else the plain
 * `NSE_symbols.txt`; a zip is unpacked (whatever the name says, the bytes decide). Throws a
 * `CatalogueError` that names the file and says what went wrong.
 */
export async function fetchSymbolFile(
  location: string,
  exchange: Exchange,
  options: DownloadOptions,
): Promise<string> {
  const plain = symbolFileName(exchange);
  for (const name of [`${plain}.zip`, plain]) {
    const bytes = isUrlLocation(location)
      ? await fromUrl(`${location.replace(/\/+$/, '')}/${name}`, name, options)
      : await fromDirectory(join(location, name), name, options.limits);
    if (bytes === undefined) continue;
    const data = looksLikeZip(bytes)
      ? (await unzipFirstFile(bytes, name, options.limits.fileBytes)).data
      : bytes;
    if (data.length > options.limits.fileBytes) throw tooLarge(name, options.limits.fileBytes);
    return data.toString('utf8');
  }
  throw new CatalogueError(`neither ${plain}.zip nor ${plain} is there`);
}

/** The body of a 200 answer; undefined for a 404 (try the next name). */
async function fromUrl(url: string, name: string, options: DownloadOptions): Promise<Buffer | undefined> {
  const limit = options.limits.downloadBytes;
  let response: Dispatcher.ResponseData;
  try {
    response = await request(url, {
      method: 'GET',
      dispatcher: options.dispatcher,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (cause) {
    throw new CatalogueError(`${name}: ${networkReason(cause)}`, [], { cause });
  }
  const { body, statusCode } = response;
  if (statusCode !== 200 || Number(response.headers['content-length'] ?? 0) > limit) {
    // Not read: the error its destruction reports is expected, not a failure to surface.
    body.on('error', () => undefined);
    body.destroy();
    if (statusCode === 404) return undefined;
    if (statusCode !== 200) throw new CatalogueError(`${name}: the server answered HTTP ${statusCode}`);
    throw tooLarge(name, limit);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      total += chunk.length;
      // Without a Content-Length the size is only known by counting; stop at the bound, not after it.
      if (total > limit) throw tooLarge(name, limit);
      chunks.push(chunk);
    }
  } catch (cause) {
    if (cause instanceof CatalogueError) throw cause;
    throw new CatalogueError(`${name}: ${networkReason(cause)}`, [], { cause });
  }
  return Buffer.concat(chunks, total);
}

/** The file's bytes; undefined when it does not exist. */
async function fromDirectory(path: string, name: string, limits: MasterLimits): Promise<Buffer | undefined> {
  try {
    if ((await stat(path)).size > limits.downloadBytes) throw tooLarge(name, limits.downloadBytes);
    return await readFile(path);
  } catch (cause) {
    if (cause instanceof CatalogueError) throw cause;
    const code = (cause as { code?: string }).code;
    if (code === 'ENOENT') return undefined;
    throw new CatalogueError(`${name}: cannot read ${path} (${code ?? 'unreadable'})`, [], { cause });
  }
}

function tooLarge(name: string, limit: number): CatalogueError {
  return new CatalogueError(`${name} is larger than the ${sizeText(limit)} allowed`);
}

function networkReason(cause: unknown): string {
  const code = (cause as { code?: string }).code ?? '';
  if (/TIMEOUT/.test(code)) return 'the server did not answer in time';
  if ((cause as { name?: string }).name === 'AbortError') return 'the download was cancelled';
  return `the download failed (${code || (cause as Error).message})`;
}
