import { readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../core/config/index.js';

/** The file in the data dir where a process serving MCP over HTTP says how to reach it. */
export const ADVERT_FILE = 'serve.json';

/**
 * Where the process holding a data dir serves MCP, for `omsdesk mcp` to join it: never a secret (whether
 * a bearer token is required, not the token).
 */
export interface ServeAdvert {
  readonly pid: number;
  /** The machine it runs on (its URL is reachable from there). */
  readonly host: string;
  readonly command: string;
  /** The MCP endpoint as a client on this machine reaches it. */
  readonly url: string;
  /** Every request must carry a bearer token. */
  readonly bearer: boolean;
  /** The token is each person's own (a people file): a stdio client cannot join, people connect over HTTP. */
  readonly personal?: boolean;
}

/** The MCP URL a client on this machine uses: a server bound to every address is reached on loopback. */
export function localUrl(url: string, boundTo: string): string {
  const local = new URL(url);
  if (boundTo === '0.0.0.0') local.hostname = '127.0.0.1';
  else if (boundTo === '::') local.hostname = '[::1]';
  return local.href;
}

/**
 * Writes the advert whole (beside it, then renamed), so a reader never finds half of it; `withdraw`
 * removes it at a clean stop, unless another process has written its own since.
 */
export async function advertise(
  config: Pick<Config, 'dataDir'>,
  what: Pick<ServeAdvert, 'command' | 'url' | 'bearer' | 'personal'>,
): Promise<{ withdraw(): Promise<void> }> {
  const path = join(config.dataDir, ADVERT_FILE);
  const advert: ServeAdvert = { pid: process.pid, host: hostname(), ...what };
  const draft = `${path}.${process.pid}`;
  await writeFile(draft, `${JSON.stringify(advert)}\n`, { mode: 0o644 });
  await rename(draft, path);
  return {
    async withdraw() {
      if ((await readAdvert(config.dataDir))?.pid === process.pid) await unlink(path).catch(() => undefined);
    },
  };
}

/** The advert in a data dir, or undefined when there is none or it cannot be read. */
export async function readAdvert(dataDir: string): Promise<ServeAdvert | undefined> {
  try {
    const a = JSON.parse(await readFile(join(dataDir, ADVERT_FILE), 'utf8')) as Partial<ServeAdvert>;
    const valid =
      Number.isSafeInteger(a.pid) &&
      typeof a.host === 'string' &&
      typeof a.command === 'string' &&
      typeof a.url === 'string' &&
      /^https?:\/\//.test(a.url) &&
      typeof a.bearer === 'boolean';
    return valid ? (a as ServeAdvert) : undefined;
  } catch {
    return undefined;
  }
}
