import { describe, expect, it } from 'vitest';
import { configRedactor, describeConfig, loadConfig } from '../../../src/core/config/index.js';
import { config, problems } from './helpers.js';

/** A token shaped like a real bot token (made up: it opens nothing). */
const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';
const APP = '112233445566778899';
const GUILD = '223344556677889900';
const APPROVALS = '334455667788990011';
const MONITOR = '445566778899001122';
const BASE = { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: APP, DISCORD_GUILD_ID: GUILD };

describe('Discord configuration', () => {
  it('is absent without a token, so no bot runs', () => {
    expect(config({}).discord).toBeUndefined();
  });

  it('builds the desk from the fixed variable names, with Discord as the default REST base', () => {
    const c = config({
      ...BASE,
      OMSDESK_DISCORD_APPROVERS: ` 556677889900112233, ${'6'.repeat(19)} ,556677889900112233`,
      OMSDESK_DISCORD_APPROVALS_CHANNEL: APPROVALS,
      OMSDESK_DISCORD_MONITOR_CHANNEL: MONITOR,
      OMSDESK_DISCORD_FOUR_EYES: 'yes',
    });
    expect(c.discord).toEqual({
      token: TOKEN,
      applicationId: APP,
      guildId: GUILD,
      apiUrl: 'https://discord.com/api',
      approvers: ['556677889900112233', '6'.repeat(19)],
      approvalsChannel: APPROVALS,
      monitorChannel: MONITOR,
      fourEyes: true,
    });
    expect(c.warnings).toEqual([]);
  });

  it('is a read-only desk without approvers, four-eyes off by default', () => {
    expect(config(BASE).discord).toMatchObject({ approvers: [], fourEyes: false });
  });

  it('takes a token pasted with its "Bot " prefix', () => {
    expect(config({ ...BASE, DISCORD_TOKEN: `Bot ${TOKEN}` }).discord?.token).toBe(TOKEN);
  });

  it('reports every Discord problem at once, by variable', () => {
    expect(
      problems({
        DISCORD_TOKEN: TOKEN,
        DISCORD_GUILD_ID: '12345',
        DISCORD_API_URL: 'http://discord.example/api',
        OMSDESK_DISCORD_APPROVERS: '556677889900112233,@alice',
        OMSDESK_DISCORD_MONITOR_CHANNEL: 'general',
        OMSDESK_DISCORD_FOUR_EYES: 'maybe',
      }),
    ).toEqual([
      'DISCORD_APPLICATION_ID: required with DISCORD_TOKEN',
      'DISCORD_GUILD_ID: expected a Discord id (17 to 20 digits, as Copy ID in Discord gives it), got "12345"',
      'DISCORD_API_URL: use https (plain http only on loopback), got "http://discord.example/api"',
      'OMSDESK_DISCORD_APPROVERS: expected Discord user or role ids (17 to 20 digits each), got "@alice"',
      'OMSDESK_DISCORD_APPROVALS_CHANNEL: required with OMSDESK_DISCORD_APPROVERS: order cards are posted there for the approvers',
      'OMSDESK_DISCORD_MONITOR_CHANNEL: expected a Discord id (17 to 20 digits, as Copy ID in Discord gives it), got "general"',
      'OMSDESK_DISCORD_FOUR_EYES: expected true or false (also 1/0, yes/no), got "maybe"',
    ]);
  });

  it('accepts plain http only on loopback, and a base without the API version', () => {
    expect(config({ ...BASE, DISCORD_API_URL: 'http://127.0.0.1:4567/api/' }).discord?.apiUrl).toBe(
      'http://127.0.0.1:4567/api',
    );
    expect(problems({ ...BASE, DISCORD_API_URL: 'https://discord.com/api/v10' })).toEqual([
      'DISCORD_API_URL: give the base without the API version (…/api), got "https://discord.com/api/v10"',
    ]);
  });

  it('refuses the monitoring channel as the approvals channel', () => {
    expect(
      problems({
        ...BASE,
        OMSDESK_DISCORD_APPROVALS_CHANNEL: APPROVALS,
        OMSDESK_DISCORD_MONITOR_CHANNEL: APPROVALS,
      }),
    ).toEqual([
      'OMSDESK_DISCORD_MONITOR_CHANNEL: must differ from OMSDESK_DISCORD_APPROVALS_CHANNEL: the monitoring channel is read-only',
    ]);
  });

  it('warns that Discord settings do nothing without a token', () => {
    expect(config({ DISCORD_GUILD_ID: GUILD, OMSDESK_DISCORD_FOUR_EYES: 'true' }).warnings).toEqual([
      'DISCORD_GUILD_ID, OMSDESK_DISCORD_FOUR_EYES are ignored without DISCORD_TOKEN.',
    ]);
  });

  it('never shows the token: a malformed one is refused by shape, and it is redacted everywhere', () => {
    const wrong = 'a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4'; // a client secret pasted instead
    const refused = problems({ ...BASE, DISCORD_TOKEN: wrong, OMSDESK_LOG_LEVEL: wrong }).join('\n');
    expect(refused).toContain('DISCORD_TOKEN: expected a bot token');
    expect(refused).not.toContain(wrong);
    const c = loadConfig({ env: BASE });
    expect(JSON.stringify(describeConfig(c))).not.toContain(TOKEN);
    expect(describeConfig(c)).toMatchObject({ discord: { token: '[redacted]', guildId: GUILD } });
    expect(configRedactor(c).text(`login ${TOKEN}`)).toBe('login [redacted]');
  });
});
