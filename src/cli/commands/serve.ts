import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DiscordDesk } from '../../discord/desk.js';
import { deskApproves } from '../desk-settings.js';
import { untilSignal } from '../lifecycle.js';
import { startFromEnvironment } from '../runtime.js';
import { intFlag } from '../usage-error.js';
import { checkMcpConfig, serveHttp } from './mcp.js';

export const SERVE_USAGE =
  'omsdesk serve [--host 127.0.0.1] [--port 8765]   (MCP over HTTP, and the Discord desk with DISCORD_TOKEN; embedded paper broker unless OMSDESK_BROKER_URL)';

/** A placeholder the client expands from its environment: the token itself is never printed. */
const TOKEN_PLACEHOLDER = ['$', '{OMSDESK_MCP_TOKEN}'].join('');

/**
 * How a client starts omsdesk itself over stdio: this very script, with the same data directory, so it
 * joins this server while it runs (and the token this server asks for, when it asks for one).
 */
function stdioCommand(
  dataDir: string,
  withToken: boolean,
): { command: string; args: string[]; env: Record<string, string> } {
  const script = resolve(process.argv[1] ?? 'dist/cli/main.js');
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script, 'mcp'] : [script, 'mcp'];
  const token = withToken ? { OMSDESK_MCP_TOKEN: TOKEN_PLACEHOLDER } : {};
  return { command: process.execPath, args, env: { OMSDESK_DATA_DIR: resolve(dataDir), ...token } };
}

/** The lines that tell a person how to connect an MCP client; the token itself is never printed. */
export function connectSnippet(url: string, withToken: boolean, dataDir: string): string[] {
  const http = {
    type: 'http',
    url,
    ...(withToken ? { headers: { Authorization: `Bearer ${TOKEN_PLACEHOLDER}` } } : {}),
  };
  const json = (server: unknown): string[] =>
    JSON.stringify({ mcpServers: { omsdesk: server } }, null, 2).split('\n');
  return [
    'Connect an MCP client over HTTP. Claude Code:',
    `  claude mcp add --transport http omsdesk ${url}${withToken ? ' --header "Authorization: Bearer $OMSDESK_MCP_TOKEN"' : ''}`,
    'or add this to .mcp.json (Claude Code), ~/.cursor/mcp.json (Cursor) or .vscode/mcp.json (VS Code: "servers" instead of "mcpServers"):',
    ...json(http),
    'Or over stdio: the client starts omsdesk mcp, which joins this server while it runs (one gate, one audit log):',
    ...json(stdioCommand(dataDir, withToken)),
  ];
}

/**
 * `omsdesk serve`: the MCP server over HTTP on loopback with the broker (embedded paper broker by
 * default) and, when `DISCORD_TOKEN` is set, the Discord desk in the same process on the same gate, so
 * MCP tickets are approved on Discord cards.
 */
export async function serveCommand(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { host: { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  const command = 'omsdesk serve';
  // The metrics library loads here, in the command that serves it, never in a stdio server.
  const ops = (await import('../ops/ops.js')).createOps();
  const rt = await startFromEnvironment(command, (config) => checkMcpConfig(config, deskApproves(config)), {
    observer: ops.client,
  });
  ops.runtime(rt);
  const { config } = rt;
  let desk: DiscordDesk | undefined;
  const stop = async (): Promise<void> => {
    await rt.drain();
    await desk?.close();
    await rt.close();
  };
  const host = values.host ?? config.mcp.host;
  const http = await (async () => {
    // discord.js (and the chart renderer) load only for a desk to run: most servers have none.
    desk =
      config.discord === undefined ? undefined : await (await import('../discord-desk.js')).startDesk(rt);
    if (desk !== undefined) ops.desk(desk);
    const channel = desk !== undefined && deskApproves(config) ? desk.approvals : undefined;
    const port = intFlag('port', values.port, config.mcp.port, 0, 65535);
    return serveHttp(
      rt,
      { host, port, command },
      { ops, ...(channel === undefined ? {} : { approvalChannel: channel }) },
    );
  })().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const broker = config.broker.mode === 'paper' ? 'embedded paper broker (paper money)' : 'LIVE broker';
  const confirm = config.policy.readOnly
    ? 'read-only: no placement tools'
    : `orders need a human confirmation (OMSDESK_CONFIRM=${config.gate.confirm})`;
  ops.started();
  console.log(`omsdesk MCP server listening on ${http.url}`);
  console.log(`${broker}; ${confirm}`);
  if (desk !== undefined) {
    console.log(
      `Discord desk online as ${desk.botName}${deskApproves(config) ? '; order cards go to the approvals channel' : '; read-only desk'}`,
    );
  }
  console.log('');
  for (const line of connectSnippet(http.url, config.mcp.token !== undefined, config.dataDir))
    console.log(line);
  console.log('');
  console.log('Ctrl-C stops.');
  await untilSignal(async () => {
    await http.close();
    await stop();
    console.log('omsdesk stopped');
  });
}
