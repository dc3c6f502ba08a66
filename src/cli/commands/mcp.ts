import { parseArgs } from 'node:util';
import type { Config } from '../../core/config/index.js';
import type { McpDeps } from '../../mcp/deps.js';
import { assertMcpSettings, createMcpServer } from '../../mcp/server.js';
import { startHttpServer } from '../../mcp/transports/http.js';
import { serveStdio } from '../../mcp/transports/stdio.js';
import { untilSignal } from '../lifecycle.js';
import { type Runtime, startFromEnvironment } from '../runtime.js';
import { intFlag } from '../usage-error.js';

export const MCP_USAGE = 'omsdesk mcp [--http [--host 127.0.0.1] [--port 8765]]   (stdio unless --http)';

/** The MCP server's dependencies from a started runtime: reads through the client, orders through the gate. */
export function mcpDeps(rt: Runtime): McpDeps {
  const c = rt.config;
  return {
    client: rt.client,
    catalog: rt.catalog,
    gate: rt.gate,
    orders: rt.watcher,
    confirm: { mode: c.gate.confirm, allowToolConfirmLive: c.gate.allowToolConfirmLive },
    readOnly: c.policy.readOnly,
    broker: c.broker.mode,
    logger: rt.logger,
    redact: (text) => rt.redactor.text(text),
  };
}

/** Fails before anything starts when the confirmation settings cannot work (discord without an approver). */
export function checkMcpConfig(config: Config): void {
  assertMcpSettings({
    confirm: { mode: config.gate.confirm, allowToolConfirmLive: config.gate.allowToolConfirmLive },
    broker: config.broker.mode,
    readOnly: config.policy.readOnly,
  });
}

/** Serves MCP over HTTP for a runtime until Ctrl-C; one server per session, one set of tool tickets. */
export async function serveHttp(rt: Runtime, host: string, port: number) {
  const toolTickets = new Set<string>();
  return startHttpServer({
    host,
    port,
    ...(rt.config.mcp.token === undefined ? {} : { token: rt.config.mcp.token }),
    allowedOrigins: rt.config.mcp.allowedOrigins,
    createServer: () => createMcpServer({ ...mcpDeps(rt), toolTickets }),
    logger: rt.logger,
  });
}

/** `omsdesk mcp`: the MCP server on stdio (logs on stderr only), or over Streamable HTTP with `--http`. */
export async function mcpCommand(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { http: { type: 'boolean' }, host: { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  const rt = await startFromEnvironment(values.http ? 'omsdesk mcp --http' : 'omsdesk mcp', checkMcpConfig);
  const { config, logger } = rt;
  if (values.http) {
    const http = await serveHttp(
      rt,
      values.host ?? config.mcp.host,
      intFlag('port', values.port, config.mcp.port, 0, 65535),
    ).catch(async (error: unknown) => {
      await rt.close();
      throw error;
    });
    logger.info(`MCP over HTTP at ${http.url}`);
    await untilSignal(async () => {
      await http.close();
      await rt.close();
    });
    return;
  }
  const stdio = await serveStdio(createMcpServer(mcpDeps(rt)));
  logger.info('MCP on stdio');
  await new Promise<void>((resolve) => {
    void stdio.closed.then(resolve);
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await stdio.close();
  await rt.close();
}
