import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Refusal } from '../../mcp/transports/guards.js';
import type { Metrics } from './metrics.js';
import type { Readiness } from './readiness.js';

/** The probe and metrics paths: a fixed interface (supervisors and scrapers are configured with them). */
export const HEALTH_PATH = '/healthz';
export const READY_PATH = '/readyz';
export const METRICS_PATH = '/metrics';

/**
 * Serves one request when its path is one of these routes (and says so): `access` is the check an MCP
 * request of the same server passes (Host, Origin and its bearer token).
 */
export type OpsRoutes = (
  req: IncomingMessage,
  res: ServerResponse,
  access: (purpose?: 'metrics') => Promise<Refusal | undefined>,
) => boolean;

/**
 * Who may read `/metrics`: whoever may call MCP on this server (the same checks and the same bearer: the
 * shared token, or with a people file a person's own), and with a people file a metrics-only token
 * (`omsdesk token issue --metrics`). The one place that decides it, so it follows when MCP's credentials
 * change.
 */
export function metricsRefusal(
  access: (purpose?: 'metrics') => Promise<Refusal | undefined>,
): Promise<Refusal | undefined> {
  return access('metrics');
}

function send(res: ServerResponse, status: number, body: string, type: string, headers = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

const json = (res: ServerResponse, status: number, body: unknown, headers = {}): void =>
  send(res, status, JSON.stringify(body), 'application/json', headers);

/**
 * `/healthz` (the process is up), `/readyz` (ready, or which parts are not) and `/metrics` (Prometheus
 * text). The probes need no credentials and say nothing else: no version, account, path or reason.
 */
export function opsRoutes(readiness: Readiness, metrics: Metrics): OpsRoutes {
  const answer = async (
    res: ServerResponse,
    path: string,
    access: (purpose?: 'metrics') => Promise<Refusal | undefined>,
  ) => {
    if (path === HEALTH_PATH) return json(res, 200, { status: 'up' });
    if (path === READY_PATH) {
      const report = await readiness.report();
      if (report.ready) return json(res, 200, { status: 'ready' });
      return json(res, 503, { status: 'not ready', failing: report.failing });
    }
    const refusal = await metricsRefusal(access);
    if (refusal) return json(res, refusal.status, { error: refusal.message }, refusal.headers);
    const { contentType, body } = await metrics.render();
    send(res, 200, body, contentType);
  };
  return (req, res, access) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path !== HEALTH_PATH && path !== READY_PATH && path !== METRICS_PATH) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      json(res, 405, { error: 'method not allowed' }, { allow: 'GET, HEAD' });
      return true;
    }
    answer(res, path, access).catch(() => {
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.destroy();
    });
    return true;
  };
}
