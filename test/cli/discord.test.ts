import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_COMMANDS, registeredCommands } from '../../src/discord/commands/index.js';
import {
  ALICE,
  APPLICATION_ID,
  APPROVALS_CHANNEL,
  APPROVER_ROLE,
  BOT_TOKEN,
  GUILD_ID,
  MONITOR_CHANNEL,
} from '../fakes/discord/ids.js';
import { FakeDiscord } from '../fakes/discord/server.js';
import { lines } from '../helpers/cli.js';
import { readTicket } from '../mcp/harness.js';
import { CLI_BUNDLE } from '../setup/cli-bundle.js';

let dir: string;
let fake: FakeDiscord;
let child: ChildProcessWithoutNullStreams | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-discord-cli-'));
  fake = await FakeDiscord.start();
});
afterEach(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGKILL');
    await once(child, 'exit');
  }
  child = undefined;
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

/** The desk's configuration against the fake, and nothing from the developer's environment. */
function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_NO_WARNINGS: '1',
    HOME: join(dir, 'home'),
    OMSDESK_DATA_DIR: join(dir, 'data'),
    OMSDESK_AUDIT_KEY_FILE: join(dir, 'keys', 'audit.key'),
    OMSDESK_LOG_LEVEL: 'warn',
    DISCORD_TOKEN: BOT_TOKEN,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_GUILD_ID: GUILD_ID,
    DISCORD_API_URL: fake.api,
    OMSDESK_DISCORD_APPROVERS: `${ALICE.id},${APPROVER_ROLE}`,
    OMSDESK_DISCORD_APPROVALS_CHANNEL: APPROVALS_CHANNEL,
    OMSDESK_DISCORD_MONITOR_CHANNEL: MONITOR_CHANNEL,
    ...extra,
  };
}

/** Runs omsdesk in an empty directory (so no `.env` is read) with exactly `vars`. */
function omsdesk(args: readonly string[], vars: Record<string, string>): ChildProcessWithoutNullStreams {
  child = spawn(process.execPath, [CLI_BUNDLE, ...args], { cwd: dir, env: vars });
  return child;
}

async function finished(
  c: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  c.stdin.end();
  let stdout = '';
  let stderr = '';
  c.stdout.on('data', (d: Buffer) => {
    stdout += d.toString();
  });
  c.stderr.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const [code] = (await once(c, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

describe('omsdesk deploy-commands, discord and serve', () => {
  it('deploy-commands registers every command in the server by one bulk PUT and exits 0', async () => {
    const run = await finished(omsdesk(['deploy-commands'], env()));
    expect(run.code).toBe(0);
    const registered = registeredCommands({
      guildId: GUILD_ID,
      approvers: [ALICE.id, APPROVER_ROLE],
      fourEyes: false,
      readOnly: false,
    }).map((c) => `/${c.name}`);
    expect(run.stdout).toContain(
      `registered ${registered.length} commands in server ${GUILD_ID}: ${registered.join(' ')}`,
    );
    expect(fake.calls.filter((c) => c.startsWith('PUT '))).toEqual([
      `PUT /applications/${APPLICATION_ID}/guilds/${GUILD_ID}/commands`,
    ]);
  });

  it('deploy-commands --guild registers in another server, without order commands on a read-only desk', async () => {
    const other = '1200000000000000055';
    const elsewhere = await finished(
      omsdesk(['deploy-commands', '--guild', other], env({ OMSDESK_DISCORD_APPROVERS: '' })),
    );
    expect(elsewhere.code).toBe(0);
    expect(fake.commands.get(other)?.map((c) => c.name)).not.toContain('order');
  });

  it('discord without a token says which variables to set', async () => {
    const missing = await finished(omsdesk(['discord'], env({ DISCORD_TOKEN: '' })));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(
      /DISCORD_TOKEN is not set: the Discord desk needs DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_GUILD_ID/,
    );
  });

  it('discord with a token Discord refuses says so without showing it', async () => {
    fake.acceptToken('MTIwMDAwMDAwMDAwMDAwMDAwMg.Rotate.another-token-the-portal-issued-later-000');
    const refused = await finished(omsdesk(['discord'], env()));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Discord refused the bot token \(DISCORD_TOKEN\)/);
    expect(refused.stderr + refused.stdout).not.toContain(BOT_TOKEN);
  });

  it('discord runs the desk alone against the embedded paper broker, answers a command, and stops on SIGINT', async () => {
    fake.commands.set(
      GUILD_ID,
      ALL_COMMANDS.map((cmd) => cmd.json as never),
    );
    const c = omsdesk(['discord'], env());
    const out = lines(c);
    await out.waitFor(/omsdesk Discord desk online as omsdesk/);
    await out.waitFor(/^embedded paper broker \(paper money\); orders need an approver on their card$/);
    const reply = await fake.reply(fake.command('quote', { instrument: 'RELIANCE' }, { user: ALICE }));
    expect(String(reply.embeds[0]?.title)).toMatch(/^NSE:RELIANCE-EQ: ₹/);
    c.kill('SIGINT');
    const [code] = (await once(c, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(fake.gateway.connections).toBe(0);
  });

  it('mcp on stdio never starts the bot and, with OMSDESK_CONFIRM=discord, says to use serve', async () => {
    const run = await finished(omsdesk(['mcp'], env({ OMSDESK_CONFIRM: 'discord' })));
    expect(run.code).toBe(78); // a configuration to change: a supervisor must not restart it as it is
    expect(run.stderr).toMatch(/omsdesk mcp never runs: use omsdesk serve/);
    expect(fake.calls).not.toContain('GET /gateway/bot');
  });

  it('serve runs MCP and the desk on one gate: place_order in mode discord returns placed after a click on its card', async () => {
    const c = omsdesk(['serve', '--port', '0'], env({ OMSDESK_CONFIRM: 'discord' }));
    const out = lines(c);
    const listening = await out.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
    await out.waitFor(/Discord desk online as omsdesk; order cards go to the approvals channel/);
    const url = /(http:\S+)/.exec(listening)?.[1] as string;
    const mcp = new Client({ name: 'serve-test', version: '1' });
    await mcp.connect(new StreamableHTTPClientTransport(new URL(url)));
    const call = mcp.callTool(
      { name: 'place_order', arguments: { instrument: 'ITC', side: 'BUY', quantity: 1, product: 'C' } },
      undefined,
      { timeout: 15_000 },
    ) as Promise<CallToolResult>;
    const card = await fake.waitFor(() => fake.messages(APPROVALS_CHANNEL)[0], 'the card');
    const id = /T[A-Z0-9]{8}/.exec(String(card.embeds[0]?.title))?.[0] as string;
    fake.click(card, `confirm:${id}`, { user: ALICE, channelId: APPROVALS_CHANNEL });
    const result = await call;
    expect(result.structuredContent).toMatchObject({ ticketId: id, confirmation: 'discord' });
    expect((await readTicket(mcp, id)).decidedBy).toMatchObject({ channel: 'discord', id: ALICE.id });
    expect(['PLACED', 'COMPLETE']).toContain((result.structuredContent as { status: string }).status);
    // The monitoring channel follows the process's order watcher and keeps its outbox in the data dir.
    const [orderNumber] = (result.structuredContent as { orderNumbers: string[] }).orderNumbers;
    const shown = await fake.waitFor(
      () =>
        fake.messages(MONITOR_CHANNEL).find((m) => JSON.stringify(m.embeds).includes(`order ${orderNumber}`)),
      'the order in the monitoring channel',
    );
    expect(String(shown.embeds[0]?.title)).toMatch(/^BUY 1 NSE:ITC-EQ · /);
    await mcp.close();
    c.kill('SIGINT');
    const [code] = (await once(c, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(out.all.join('\n')).toContain('omsdesk stopped');
    expect(fake.gateway.connections).toBe(0);
    expect(await readFile(join(dir, 'data', 'discord-monitor.json'), 'utf8')).toContain(`"${shown.id}"`);
  });
});
