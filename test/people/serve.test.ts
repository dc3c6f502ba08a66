import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as LegacyClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { textOf } from '../discord/harness.js';
import {
  APPLICATION_ID,
  APPROVALS_CHANNEL,
  BOT_TOKEN,
  GUILD_ID,
  MONITOR_CHANNEL,
} from '../fakes/discord/ids.js';
import { FakeDiscord } from '../fakes/discord/server.js';
import { lines, mcpServerParams, runCli } from '../helpers/cli.js';
import { post } from '../mcp/http-client.js';
import { modernClient } from '../mcp/modern-harness.js';
import { CLI_BUNDLE } from '../setup/cli-bundle.js';
import { ASHA_U, RAVI_U } from './harness.js';

const PEOPLE = {
  people: [
    { id: 'asha', role: 'trader', discord: ASHA_U.id },
    { id: 'ravi', role: 'approver', discord: RAVI_U.id },
    { id: 'meena', role: 'viewer' },
  ],
};

let dir: string;
let dataDir: string;
let fake: FakeDiscord;
let child: ChildProcessWithoutNullStreams | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-people-serve-'));
  dataDir = join(dir, 'data');
  await mkdir(dataDir);
  await writeFile(join(dataDir, 'people.json'), JSON.stringify(PEOPLE));
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

/** The desk's configuration with a people file (no approver list), and nothing from the developer's. */
function env(): Record<string, string> {
  return {
    OMSDESK_DATA_DIR: dataDir,
    OMSDESK_AUDIT_KEY_FILE: join(dir, 'keys', 'audit.key'),
    OMSDESK_LOG_LEVEL: 'warn',
    OMSDESK_LOG_FORMAT: 'text',
    DISCORD_TOKEN: BOT_TOKEN,
    DISCORD_APPLICATION_ID: APPLICATION_ID,
    DISCORD_GUILD_ID: GUILD_ID,
    DISCORD_API_URL: fake.api,
    OMSDESK_DISCORD_APPROVALS_CHANNEL: APPROVALS_CHANNEL,
    OMSDESK_DISCORD_MONITOR_CHANNEL: MONITOR_CHANNEL,
    OMSDESK_DISCORD_FOUR_EYES: 'true',
    OMSDESK_CONFIRM: 'discord',
  };
}

describe('omsdesk serve with a people file', () => {
  it('serves each person by their own token: an MCP order of a trader, approved on Discord, names both in the card, the result and the monitoring channel; the log verifies and keeps no token', async () => {
    const deployed = await runCli(['deploy-commands'], env());
    expect(deployed.stdout).toMatch(/\/whoami \/token/);
    const issued = await runCli(['token', 'issue', 'asha'], env());
    expect(issued.code).toBe(0);
    const token = issued.stdout.trim().split('\n').pop() as string;
    child = spawn(process.execPath, [CLI_BUNDLE, 'serve', '--port', '0'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: join(dir, 'home'), NODE_NO_WARNINGS: '1', ...env() },
    });
    const out = lines(child);
    const url = /(http:\S+)/.exec(
      await out.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/),
    )?.[1] as string;
    await out.waitFor(/Discord desk online as omsdesk; order cards go to the approvals channel/);
    await out.waitFor(
      /^Each person sends their own token \(omsdesk token issue <person-id>, or \/token create in Discord\)/,
    );
    expect((await post(url, {})).status).toBe(401);

    const client = await modernClient(url, undefined, { authorization: `Bearer ${token}` });
    const call = client.callTool({
      name: 'place_order',
      arguments: { instrument: 'ITC', side: 'BUY', quantity: 1, product: 'C' },
    }) as Promise<CallToolResult>;
    const card = await fake.waitFor(() => fake.messages(APPROVALS_CHANNEL)[0], 'the card');
    expect(textOf(card)).toMatch(/Requested by: asha \(via MCP, omsdesk-modern-test\)/);
    const id = /T[A-Z0-9]{8}/.exec(String(card.embeds[0]?.title))?.[0] as string;
    fake.click(card, `confirm:${id}`, { user: RAVI_U, channelId: APPROVALS_CHANNEL });
    const result = await call;
    expect(JSON.stringify(result.content)).toMatch(
      /Requested by asha \(via mcp\)\. Decided by ravi \(via discord\)/,
    );
    const [orderNumber] = (result.structuredContent as { orderNumbers: string[] }).orderNumbers;
    const shown = await fake.waitFor(
      () =>
        fake.messages(MONITOR_CHANNEL).find((m) => JSON.stringify(m.embeds).includes(`order ${orderNumber}`)),
      'the order in the monitoring channel',
    );
    expect(textOf(shown)).toMatch(
      new RegExp(
        `requested by asha \\(via MCP, omsdesk-modern-test\\), confirmed by ravi \\(<@${RAVI_U.id}>\\)`,
      ),
    );
    await client.close();
    child.kill('SIGINT');
    expect((await once(child, 'exit'))[0]).toBe(0);

    expect((await runCli(['audit', 'verify'], env())).code).toBe(0);
    const audit = await readFile(join(dataDir, 'audit.jsonl'), 'utf8');
    expect(audit).toMatch(/"event":"token_issued"/);
    const files = await readdir(dataDir, { recursive: true, withFileTypes: true });
    for (const f of files.filter((e) => e.isFile())) {
      const bytes = await readFile(join(f.parentPath, f.name));
      expect(bytes.includes(token), f.name).toBe(false);
      expect(bytes.includes(token.slice(18)), f.name).toBe(false);
    }
  });

  it('serves OMSDESK_PERSON on stdio by their role: a viewer lists reads and whoami, no placement', async () => {
    const transport = new StdioClientTransport(
      mcpServerParams(dataDir, {
        OMSDESK_PERSON: 'meena',
        OMSDESK_AUDIT_KEY_FILE: join(dir, 'keys', 'audit.key'),
      }),
    );
    const client = new LegacyClient({ name: 'stdio-people', version: '1' });
    await client.connect(transport);
    try {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toContain('whoami');
      expect(names).not.toContain('place_order');
      const me = await client.callTool({ name: 'whoami', arguments: {} });
      expect(me.structuredContent).toMatchObject({ person: 'meena', role: 'viewer' });
    } finally {
      await client.close();
    }
  });
});
