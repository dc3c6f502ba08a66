import { parseArgs } from 'node:util';
import { type Config, requireStdioPerson } from '../../core/config/index.js';
import type { ApprovalChannel } from '../../core/gate/index.js';
import { confirmationProblem } from '../../mcp/confirm/settings.js';
import type { McpDeps } from '../../mcp/deps.js';
import { createMcpServer, McpSetupError } from '../../mcp/server.js';
import { serveStdio } from '../../mcp/transports/stdio.js';
import { untilSignal } from '../lifecycle.js';
import { type Runtime, startFromEnvironment } from '../runtime.js';
import { intFlag } from '../usage-error.js';

export const MCP_USAGE = 'omsdesk mcp [--http [--host 127.0.0.1] [--port 8765]]   (stdio unless --http)';

/**
 * The MCP server's dependencies from a started runtime: reads through the client, orders through the gate,
 * and the Discord approvals channel when the desk runs in the same process.
 */
export function mcpDeps(rt: Runtime, approvalChannel?: ApprovalChannel): McpDeps {
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
    ...(approvalChannel === undefined ? {} : { approvalChannel }),
  };
}

/**
 * Fails before anything starts when the confirmation settings cannot work: `withDesk` says whether this
 * process will run a Discord desk that can approve (only `omsdesk serve` does).
 */
export function checkMcpConfig(config: Config, withDesk = false): void {
  if (config.policy.readOnly) return;
  const problem = confirmationProblem(
    { mode: config.gate.confirm, allowToolConfirmLive: config.gate.allowToolConfirmLive },
    { hasChannel: withDesk, broker: config.broker.mode },
  );
  if (problem !== undefined) throw new McpSetupError(problem);
}

/** `omsdesk mcp` never runs the Discord desk, so confirmation mode `discord` cannot work there. */
function checkStandaloneMcp(config: Config): void {
  if (!config.policy.readOnly && config.gate.confirm === 'discord') {
    throw new McpSetupError(
      'OMSDESK_CONFIRM=discord needs the Discord approver, which omsdesk mcp never runs: use omsdesk serve (MCP over HTTP, with the Discord desk in the same process)',
    );
  }
  checkMcpConfig(config);
}

/** Serves MCP over HTTP for a runtime until Ctrl-C; one server per session, one set of tool tickets. */
export async function serveHttp(rt: Runtime, host: string, port: number, approvalChannel?: ApprovalChannel) {
  const toolTickets = new Set<string>();
  // Loaded here: a stdio server has no use for the HTTP transport's modules (the SDK's, hono's).
  const { startHttpServer } = await import('../../mcp/transports/http.js');
  return startHttpServer({
    host,
    port,
    ...(rt.config.mcp.token === undefined ? {} : { token: rt.config.mcp.token }),
    allowedOrigins: rt.config.mcp.allowedOrigins,
    createServer: () => createMcpServer({ ...mcpDeps(rt, approvalChannel), toolTickets }),
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
  const rt = await startFromEnvironment(values.http ? 'omsdesk mcp --http' : 'omsdesk mcp', (config) => {
    if (!values.http) requireStdioPerson(config);
    checkStandaloneMcp(config);
  });
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
