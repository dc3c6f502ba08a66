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

/**
 * How a client starts omsdesk itself over stdio: this very script, with the same data directory (and,
 * with a people file, who runs it).
 */
function stdioCommand(
  dataDir: string,
  personal: boolean,
): { command: string; args: string[]; env: Record<string, string> } {
  const script = resolve(process.argv[1] ?? 'dist/cli/main.js');
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script, 'mcp'] : [script, 'mcp'];
  const env = {
    OMSDESK_DATA_DIR: resolve(dataDir),
    ...(personal ? { OMSDESK_PERSON: '<your person id>' } : {}),
  };
  return { command: process.execPath, args, env };
}

/** How clients authenticate: not at all (loopback), with the shared token, or each with a personal one. */
export type ClientAuth = 'none' | 'shared' | 'personal';

/** The variable the client expands the token from (never one omsdesk reads: it would be refused). */
const TOKEN_VARIABLE: Readonly<Record<ClientAuth, string>> = {
  none: '',
  shared: 'OMSDESK_MCP_TOKEN',
  personal: 'MY_OMSDESK_TOKEN',
};

/** The lines that tell a person how to connect an MCP client; a token itself is never printed. */
export function connectSnippet(url: string, auth: ClientAuth, dataDir: string): string[] {
  const variable = TOKEN_VARIABLE[auth];
  const placeholder = ['$', `{${variable}}`].join('');
  const http = {
    type: 'http',
    url,
    ...(auth === 'none' ? {} : { headers: { Authorization: `Bearer ${placeholder}` } }),
  };
  const json = (server: unknown): string[] =>
    JSON.stringify({ mcpServers: { omsdesk: server } }, null, 2).split('\n');
  return [
    ...(auth === 'personal'
      ? [
          `Each person sends their own token (omsdesk token issue <person-id>, or /token create in Discord) as $${variable}.`,
        ]
      : []),
    'Connect an MCP client over HTTP. Claude Code:',
    `  claude mcp add --transport http omsdesk ${url}${auth === 'none' ? '' : ` --header "Authorization: Bearer $${variable}"`}`,
    'or add this to .mcp.json (Claude Code), ~/.cursor/mcp.json (Cursor) or .vscode/mcp.json (VS Code: "servers" instead of "mcpServers"):',
    ...json(http),
    'Or let the client start omsdesk itself over stdio (no server needed):',
    ...json(stdioCommand(dataDir, auth === 'personal')),
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
  const rt = await startFromEnvironment('omsdesk serve', (config) =>
    checkMcpConfig(config, deskApproves(config)),
  );
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
    const channel = desk !== undefined && deskApproves(config) ? desk.approvals : undefined;
    return serveHttp(rt, host, intFlag('port', values.port, config.mcp.port, 0, 65535), channel);
  })().catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  const broker = config.broker.mode === 'paper' ? 'embedded paper broker (paper money)' : 'LIVE broker';
  const confirm = config.policy.readOnly
    ? 'read-only: no placement tools'
    : `orders need a human confirmation (OMSDESK_CONFIRM=${config.gate.confirm})`;
  console.log(`omsdesk MCP server listening on ${http.url}`);
  console.log(`${broker}; ${confirm}`);
  if (desk !== undefined) {
    console.log(
      `Discord desk online as ${desk.botName}${deskApproves(config) ? '; order cards go to the approvals channel' : '; read-only desk'}`,
    );
  }
  console.log('');
  const auth = config.people !== undefined ? 'personal' : config.mcp.token !== undefined ? 'shared' : 'none';
  for (const line of connectSnippet(http.url, auth, config.dataDir)) console.log(line);
  console.log('');
  console.log('Ctrl-C stops.');
  await untilSignal(async () => {
    await http.close();
    await stop();
    console.log('omsdesk stopped');
  });
}
