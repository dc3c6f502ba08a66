#!/usr/bin/env node
import { AUDIT_USAGE, auditCommand } from './commands/audit.js';
import { demoCommand } from './commands/demo.js';
import { DEPLOY_USAGE, deployCommandsCommand } from './commands/deploy-commands.js';
import { DISCORD_USAGE, discordCommand } from './commands/discord.js';
import { MCP_USAGE, mcpCommand } from './commands/mcp.js';
import { SERVE_USAGE, serveCommand } from './commands/serve.js';
import { SIM_USAGE, simCommand } from './commands/sim.js';
import { UsageError } from './usage-error.js';

type Command = (argv: readonly string[]) => Promise<void>;

const COMMANDS: Record<string, { run: Command; summary: string }> = {
  sim: { run: simCommand, summary: 'run the paper broker alone (HTTP API of the spec)' },
  serve: {
    run: serveCommand,
    summary: 'serve MCP over HTTP, and the Discord desk when DISCORD_TOKEN is set',
  },
  mcp: { run: mcpCommand, summary: 'serve MCP on stdio (or over HTTP with --http)' },
  demo: {
    run: demoCommand,
    summary: 'a short guided tour: an MCP client quotes, orders (confirmed) and follows',
  },
  discord: { run: discordCommand, summary: 'run the Discord desk alone (slash commands, order cards)' },
  'deploy-commands': {
    run: deployCommandsCommand,
    summary: 'register the Discord slash commands in the server, then exit',
  },
  audit: { run: auditCommand, summary: 'verify the hash chain of the audit log' },
};

function help(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(18)} ${c.summary}`);
  return [
    'usage: omsdesk <command> [flags]',
    '',
    'commands:',
    ...lines,
    '',
    SERVE_USAGE,
    MCP_USAGE,
    SIM_USAGE,
    DISCORD_USAGE,
    DEPLOY_USAGE,
    AUDIT_USAGE,
  ].join('\n');
}

async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    console.log(help());
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command "${name}"`);
  await command.run(rest);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    // A command may have set its own exit code (a failed verification); keep it.
    process.exitCode ??= code;
  },
  (error: unknown) => {
    // parseArgs throws TypeErrors with a code for unknown or malformed flags: a usage problem too.
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(`omsdesk: ${error instanceof Error ? error.message : String(error)}`);
    if (usage) console.error('run "omsdesk help" for usage');
    process.exitCode = usage ? 2 : 1;
  },
);
