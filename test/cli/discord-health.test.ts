import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_COMMANDS } from '../../src/discord/commands/index.js';
import {
  ALICE,
  APPLICATION_ID,
  APPROVALS_CHANNEL,
  BOT_TOKEN,
  GUILD_ID,
  MONITOR_CHANNEL,
} from '../fakes/discord/ids.js';
import { FakeDiscord } from '../fakes/discord/server.js';
import { type RunningCommand, runCommand } from '../helpers/serve-child.js';

let dir: string;
let fake: FakeDiscord;
let desk: RunningCommand;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-discord-health-'));
  fake = await FakeDiscord.start();
  fake.commands.set(
    GUILD_ID,
    ALL_COMMANDS.map((cmd) => cmd.json as never),
  );
  desk = await runCommand(
    ['discord'],
    {
      OMSDESK_DATA_DIR: join(dir, 'data'),
      OMSDESK_HEALTH_PORT: '0',
      DISCORD_TOKEN: BOT_TOKEN,
      DISCORD_APPLICATION_ID: APPLICATION_ID,
      DISCORD_GUILD_ID: GUILD_ID,
      DISCORD_API_URL: fake.api,
      OMSDESK_DISCORD_APPROVERS: ALICE.id,
      OMSDESK_DISCORD_APPROVALS_CHANNEL: APPROVALS_CHANNEL,
      OMSDESK_DISCORD_MONITOR_CHANNEL: MONITOR_CHANNEL,
    },
    /health and metrics at (http\S+)/,
  );
}, 30_000);
afterAll(async () => {
  expect(await desk?.stop()).toBe(0);
  await fake?.close();
  await rm(dir, { recursive: true, force: true });
});

async function get(path: string) {
  const answer = await fetch(`${desk.url}${path}`);
  return { status: answer.status, text: await answer.text() };
}

describe('omsdesk discord with OMSDESK_HEALTH_PORT', () => {
  it('answers the probes and serves its metrics on loopback', async () => {
    expect(await get('/healthz')).toEqual({ status: 200, text: '{"status":"up"}' });
    expect(await get('/readyz')).toEqual({ status: 200, text: '{"status":"ready"}' });
    const metrics = await get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toContain('omsdesk_discord_gateway_connected 1');
    expect(metrics.text).toMatch(/omsdesk_discord_rest_rate_limited_total \d/);
    expect((await get('/mcp')).status).toBe(404);
  });

  it('is not ready while the Discord gateway is down, and ready once the bot is back', async () => {
    const cut = fake.gateway.next('refused');
    fake.gateway.goDown();
    // The bot tries again only once it has seen its connection close.
    await cut;
    expect(await get('/readyz')).toEqual({
      status: 503,
      text: '{"status":"not ready","failing":["discord"]}',
    });
    expect((await get('/metrics')).text).toContain('omsdesk_discord_gateway_connected 0');
    expect((await get('/healthz')).status).toBe(200);

    const back = fake.gateway.next('connected');
    fake.gateway.comeBack();
    await back;
    // An answer to a command comes after the bot read its resumed session: it is connected again by then.
    await fake.reply(fake.command('quote', { instrument: 'RELIANCE' }, { user: ALICE }));
    expect(await get('/readyz')).toEqual({ status: 200, text: '{"status":"ready"}' });
  }, 30_000);

  it('counts the REST answers Discord rate-limited', async () => {
    fake.rateLimitNextPosts(1);
    // An order's card is posted in the approvals channel before the command is answered.
    const order = { side: 'BUY', instrument: 'ITC', quantity: 1, price_type: 'MKT' };
    await fake.reply(fake.command('order', order, { user: ALICE }));
    expect(fake.errors.filter((e) => e.startsWith('429'))).toHaveLength(1);
    expect((await get('/metrics')).text).toMatch(/omsdesk_discord_rest_rate_limited_total [1-9]/);
  });
});
