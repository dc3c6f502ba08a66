import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { DiscordDesk } from '../../discord/desk.js';
import { deskApproves, fourEyesWarning } from '../desk-settings.js';
import { stopRequests, untilSignal } from '../lifecycle.js';
import { startFromEnvironment } from '../runtime.js';
import { StartInterrupted } from '../start-login.js';
import { intFlag } from '../usage-error.js';
import { checkMcpConfig, serveHttp } from './mcp.js';

export const SERVE_USAGE =
  'omsdesk serve [--host 127.0.0.1] [--port 8765]   (MCP over HTTP, and the Discord desk with DISCORD_TOKEN; embedded paper broker unless OMSDESK_BROKER_URL)';

/**
 * How a client starts omsdesk itself over stdio: this very script, with the same data directory, so it
 * joins this server while it runs (and the token this server asks for, when it asks for one).
 */
function stdioCommand(
  dataDir: string,
  placeholder: string | undefined,
): { command: string; args: string[]; env: Record<string, string> } {
  const script = resolve(process.argv[1] ?? 'dist/cli/main.js');
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script, 'mcp'] : [script, 'mcp'];
  const token = placeholder === undefined ? {} : { OMSDESK_MCP_TOKEN: placeholder };
  return { command: process.execPath, args, env: { OMSDESK_DATA_DIR: resolve(dataDir), ...token } };
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
    ...(auth === 'personal'
      ? [
          'Over stdio, omsdesk mcp cannot join this server: each person connects over HTTP with their own token.',
        ]
      : [
          'Or over stdio: the client starts omsdesk mcp, which joins this server while it runs (one gate, one audit log):',
          ...json(stdioCommand(dataDir, auth === 'shared' ? placeholder : undefined)),
        ]),
  ];
}

/** The lines that tell a person how to connect an assistant that signs in (Claude, ChatGPT). */
export function signInSnippet(publicUrl: string, discord: boolean): string[] {
  return [
    `Assistants that sign in (Claude's and ChatGPT's custom connectors): add ${publicUrl}/oauth/mcp as the server URL.`,
    discord
      ? `People sign in with Discord (register ${publicUrl}/sign-in/discord/callback as a redirect in the Discord Developer Portal) or with a personal token.`
      : 'People sign in with a personal token (set DISCORD_CLIENT_SECRET to offer Discord sign-in).',
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
  const stopping = stopRequests();
  // The metrics library loads here, in the command that serves it, never in a stdio server.
  const ops = (await import('../ops/ops.js')).createOps();
  const rt = await startFromEnvironment(command, (config) => checkMcpConfig(config, deskApproves(config)), {
    observer: ops.client,
  });
  ops.runtime(rt);
  const { config } = rt;
  const refusesAll = fourEyesWarning(config, command, deskApproves(config));
  if (refusesAll !== undefined) rt.logger.warn(refusesAll);
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
      config.discord === undefined
        ? undefined
        : await (await import('../discord-desk.js')).startDesk(rt, stopping);
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
    throw stopping.aborted ? new StartInterrupted() : error;
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
  const auth = config.people !== undefined ? 'personal' : config.mcp.token !== undefined ? 'shared' : 'none';
  for (const line of connectSnippet(http.url, auth, config.dataDir)) console.log(line);
  if (config.signIn !== undefined) {
    console.log('');
    for (const line of signInSnippet(config.signIn.publicUrl, config.signIn.discord !== undefined))
      console.log(line);
    console.log(`The web desk (approve, halt, watch): ${config.signIn.publicUrl}/desk`);
  }
  console.log('');
  console.log('Ctrl-C stops.');
  await untilSignal(async () => {
    await http.close();
    await stop();
    console.log('omsdesk stopped');
  });
}
