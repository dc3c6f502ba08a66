import { hostname } from 'node:os';
import type { Config } from '../../core/config/index.js';
import type { DataDirLockedError } from '../../core/data-dir/lock.js';
import { McpSetupError } from '../../mcp/listing.js';
import { readAdvert } from '../serve-advert.js';
import { serverGone } from './failure.js';

/** `omsdesk mcp` cannot join the process that holds its data dir; the message says why and what to do. */
export class BridgeRefused extends Error {
  override readonly name = 'BridgeRefused';
}

/** The running server a stdio client is bridged to. */
export interface BridgeTarget {
  readonly url: string;
  readonly pid: number;
  readonly command: string;
  /** The `Authorization` header every request carries, when this client is configured with a credential. */
  readonly authorization?: string;
}

/** Two clients that each start omsdesk on stdio (Claude Desktop and Cursor, say): what to do instead. */
const ANOTHER_STDIO_CLIENT =
  'it is omsdesk mcp on stdio, started by another MCP client, and serves no endpoint to join. To share one omsdesk between clients, run omsdesk serve once (npm start in a clone) and keep each client configured as it is: every omsdesk mcp joins that server. Or give this client its own OMSDESK_DATA_DIR under "env" (a separate paper account and audit log)';

/**
 * The credential a bridged client presents to the running server, from this process's configuration:
 * `OMSDESK_MCP_TOKEN` as a bearer token. (A server that takes personal tokens is not joined: a person's
 * identity is their token, which a stdio process's `OMSDESK_PERSON` cannot stand in for.)
 */
export function bridgeAuthorization(config: Pick<Config, 'mcp'>): string | undefined {
  return config.mcp.token === undefined ? undefined : `Bearer ${config.mcp.token}`;
}

/**
 * The server to bridge to, when the process holding the data dir serves MCP over HTTP on this machine
 * and answers; otherwise a refusal saying why (the lock's own words first: who holds it).
 */
export async function bridgeTarget(config: Config, locked: DataDirLockedError): Promise<BridgeTarget> {
  const owner = locked.owner;
  const refuse = (why: string): never => {
    throw new BridgeRefused(`${locked.message}. omsdesk mcp did not join it: ${why}`);
  };
  if (owner === undefined) return refuse('who holds it cannot be read');
  if (owner.host !== hostname())
    return refuse(`it runs on another machine (${owner.host}); connect to its MCP HTTP endpoint instead`);
  const advert = await readAdvert(config.dataDir);
  if (advert === undefined || advert.pid !== owner.pid || advert.host !== owner.host) {
    if (owner.command === 'omsdesk mcp') return refuse(ANOTHER_STDIO_CLIENT);
    return refuse(
      'it serves no MCP endpoint to join (omsdesk serve and omsdesk mcp --http do, once they listen): if it is starting, try again in a moment',
    );
  }
  if (advert.personal === true) {
    throw new McpSetupError(
      `${advert.command} (pid ${advert.pid}) holds the data dir and takes each person's own token: connect this client to ${advert.url} over HTTP with your token (Authorization: Bearer, from omsdesk token issue <your id> or /token create in Discord) instead of starting omsdesk mcp`,
    );
  }
  const authorization = bridgeAuthorization(config);
  if (advert.bearer && authorization === undefined) {
    throw new McpSetupError(
      `${advert.command} (pid ${advert.pid}) holds the data dir and asks every client for a bearer token: set OMSDESK_MCP_TOKEN for this client (under "env" in its configuration) to that server's token`,
    );
  }
  const gone = await serverGone(advert.url);
  if (gone !== undefined) return refuse(gone);
  return {
    url: advert.url,
    pid: advert.pid,
    command: advert.command,
    ...(authorization === undefined ? {} : { authorization }),
  };
}
