#!/usr/bin/env node
import { readFileSync } from 'node:fs';
import { EXIT_USAGE, exitCodeFor } from './exit-codes.js';
import { logFormat, logLine } from './logger.js';
import { UsageError } from './usage-error.js';

type Command = (argv: readonly string[]) => Promise<void>;

/** A command and its usage lines, loaded only when asked for: `omsdesk mcp` need not load discord.js. */
interface Loaded {
  readonly run: Command;
  readonly usage: string;
}

const COMMANDS: Record<string, { load: () => Promise<Loaded>; summary: string }> = {
  sim: {
    load: async () => {
      const m = await import('./commands/sim.js');
      return { run: m.simCommand, usage: m.SIM_USAGE };
    },
    summary: 'run the paper broker alone (HTTP API of the spec)',
  },
  serve: {
    load: async () => {
      const m = await import('./commands/serve.js');
      return { run: m.serveCommand, usage: m.SERVE_USAGE };
    },
    summary: 'serve MCP over HTTP, and the Discord desk when DISCORD_TOKEN is set',
  },
  mcp: {
    load: async () => {
      const m = await import('./commands/mcp.js');
      return { run: m.mcpCommand, usage: m.MCP_USAGE };
    },
    summary: 'serve MCP on stdio (or over HTTP with --http)',
  },
  demo: {
    load: async () => {
      const m = await import('./commands/demo.js');
      return { run: m.demoCommand, usage: '' };
    },
    summary: 'a short guided tour: an MCP client quotes, orders (confirmed) and follows',
  },
  discord: {
    load: async () => {
      const m = await import('./commands/discord.js');
      return { run: m.discordCommand, usage: m.DISCORD_USAGE };
    },
    summary: 'run the Discord desk alone (slash commands, order cards)',
  },
  'deploy-commands': {
    load: async () => {
      const m = await import('./commands/deploy-commands.js');
      return { run: m.deployCommandsCommand, usage: m.DEPLOY_USAGE };
    },
    summary: 'register the Discord slash commands in the server, then exit',
  },
  audit: {
    load: async () => {
      const m = await import('./commands/audit.js');
      return { run: m.auditCommand, usage: m.AUDIT_USAGE };
    },
    summary: 'verify the hash chain of the audit log',
  },
  token: {
    load: async () => {
      const m = await import('./commands/token.js');
      return { run: m.tokenCommand, usage: m.TOKEN_USAGE };
    },
    summary: 'issue, list and revoke personal MCP tokens (with a people file)',
  },
};

/** The order the usage lines are shown in. */
const USAGE_ORDER = ['serve', 'mcp', 'sim', 'discord', 'deploy-commands', 'audit', 'token'] as const;

/** Where omsdesk reads its settings, for the end of `omsdesk help`. */
const CONFIGURATION = [
  'configuration: OMSDESK_* and DISCORD_* variables, from the environment or a .env file in the working',
  'directory (the environment wins); .env.example lists every one, and docs/configuration.md its table.',
  'With no OMSDESK_BROKER_URL, omsdesk trades paper money on its embedded paper broker.',
];

async function help(): Promise<string> {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(18)} ${c.summary}`);
  const usages = await Promise.all(
    USAGE_ORDER.map(async (name) => (await COMMANDS[name]?.load())?.usage ?? ''),
  );
  return [
    'usage: omsdesk <command> [flags]   (omsdesk --version prints the version)',
    '',
    'commands:',
    ...lines,
    '',
    ...usages,
    '',
    ...CONFIGURATION,
  ].join('\n');
}

/** The version in the package's manifest, two folders up from the command (dist/bin, src/cli, …). */
function version(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    console.log(await help());
    return 0;
  }
  if (name === '--version' || name === '-v') {
    console.log(version());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  await (await command.load()).run(rest);
  return 0;
}

/**
 * Once a command is over, nothing of ours runs any more; a library's own loop (discord.js reconnecting to
 * a gateway that is down, say) must not keep a stopped process alive, so it ends a little later regardless.
 */
const LINGER_MS = 2_000;

main(process.argv.slice(2))
  .then(
    (code) => {
      // A command may have set its own exit code (a failed verification); keep it.
      process.exitCode ??= code;
    },
    (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const code = exitCodeFor(error);
      const hint = code === EXIT_USAGE ? 'run "omsdesk help" for usage' : undefined;
      if (logFormat() === 'json') {
        const fields = hint === undefined ? { exitCode: code } : { exitCode: code, hint };
        console.error(logLine(code === 0 ? 'info' : 'error', message, fields));
      } else {
        console.error(`omsdesk: ${message}`);
        if (hint !== undefined) console.error(hint);
      }
      process.exitCode = code;
    },
  )
  .finally(() => setTimeout(() => process.exit(), LINGER_MS).unref());
