import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopback } from '../../core/transport/loopback.js';
import {
  allowedHosts,
  allowedOrigins,
  type GuardOptions,
  guardRequest,
  type Refusal,
} from '../../mcp/transports/guards.js';
import { listenFailure } from '../listen-error.js';
import type { OpsRoutes } from './routes.js';

/** Off loopback, metrics are read only with a token: this server would otherwise show them to the network. */
const NEEDS_TOKEN: Refusal = {
  status: 403,
  message: 'forbidden: /metrics off loopback needs OMSDESK_MCP_TOKEN set (and sent as a bearer token)',
};

/**
 * The small HTTP server of `omsdesk discord`: the probes and `/metrics` and nothing else. `/metrics` is
 * read under the MCP server's rules (its Host and Origin checks, and `OMSDESK_MCP_TOKEN` when set).
 */
export async function startHealthServer(o: {
  readonly host: string;
  readonly port: number;
  readonly token?: string | undefined;
  readonly routes: OpsRoutes;
}): Promise<{ readonly url: string; close(): Promise<void> }> {
  let guard: GuardOptions = {
    host: o.host,
    port: o.port,
    allowedOrigins: [],
    ...(o.token ? { token: o.token } : {}),
  };
  let hosts = new Set<string>();
  let origins = new Set<string>();
  const server = createServer((req, res) => {
    const access = async (): Promise<Refusal | undefined> =>
      !isLoopback(o.host) && guard.token === undefined
        ? NEEDS_TOKEN
        : guardRequest(req.headers, guard, hosts, origins);
    if (o.routes(req, res, access)) return;
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'not found: /healthz, /readyz and /metrics are served here' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch((error: unknown) => {
    throw listenFailure(error, 'the health port', 'OMSDESK_HEALTH_PORT');
  });
  const { port } = server.address() as AddressInfo;
  guard = { ...guard, port };
  hosts = allowedHosts(guard);
  origins = allowedOrigins(guard);
  const shown = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    url: `http://${shown}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
