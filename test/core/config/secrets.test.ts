import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  ConfigError,
  configRedactor,
  configVariablesMarkdown,
  describeConfig,
  loadConfig,
  SECRET_VARIABLES,
  shownDefault,
} from '../../../src/core/config/index.js';
import { config, LIVE_ENV } from './helpers.js';

const SECRETS = [
  LIVE_ENV.OMSDESK_PASSWORD,
  LIVE_ENV.OMSDESK_API_KEY,
  LIVE_ENV.OMSDESK_TOTP_SECRET,
  'mcp-token-0123456789abcdef',
];

/**
 * Each secret variable, with a value its check accepts and what it needs beside it: the record of which
 * variables are secrets (one marked `secret` without a sample here, or the other way round, fails).
 */
const SECRET_SAMPLES: Record<string, Record<string, string>> = {
  OMSDESK_PASSWORD: { OMSDESK_PASSWORD: 'sample-Pa55word' },
  OMSDESK_API_KEY: { OMSDESK_API_KEY: 'ak_sample_0123456789' },
  OMSDESK_TOTP_SECRET: { OMSDESK_TOTP_SECRET: 'KRUGS4ZANFZSA43BNVYGYZI' },
  OMSDESK_DOB_OR_PAN: { OMSDESK_DOB_OR_PAN: 'ABCDE1234F' },
  OMSDESK_MCP_TOKEN: { OMSDESK_MCP_TOKEN: 'sample-mcp-token-0123456789' },
  DISCORD_TOKEN: {
    DISCORD_TOKEN: 'MTIzNDU2Nzg5MDEyMzQ1Njc4OQ.GhIjKl.sampleSampleSampleSample0123',
    DISCORD_APPLICATION_ID: '1200000000000000002',
    DISCORD_GUILD_ID: '1200000000000000001',
  },
  // Sign-in with Discord needs the public URL, which needs a people file (given below).
  DISCORD_CLIENT_SECRET: {
    DISCORD_CLIENT_SECRET: 'sample-discord-client-secret-0123',
    DISCORD_APPLICATION_ID: '1200000000000000002',
    OMSDESK_PUBLIC_URL: 'https://desk.example.com',
    OMSDESK_PEOPLE_FILE: '/sample/people.json',
  },
};

/** The people file the sign-in sample names; no other file exists. */
const readFile = (path: string): string | undefined =>
  path === '/sample/people.json' ? JSON.stringify({ people: [{ id: 'asha', role: 'trader' }] }) : undefined;

describe('secrets', () => {
  it('are the variables marked secret, each known to the redactor for logs and never shown by describeConfig', () => {
    expect([...SECRET_VARIABLES].sort()).toEqual(Object.keys(SECRET_SAMPLES).sort());
    for (const [name, env] of Object.entries(SECRET_SAMPLES)) {
      const value = env[name] as string;
      const c = loadConfig({ env, readFile });
      expect(configRedactor(c).text(`sent ${value} once`), name).toBe('sent [redacted] once');
      expect(JSON.stringify(describeConfig(c)), name).not.toContain(value);
    }
  });

  it('never appear in ConfigError messages, even when malformed or misplaced', () => {
    const env = {
      OMSDESK_BROKER_URL: 'https://user:Pa55word!live@api.broker.example',
      OMSDESK_PASSWORD: LIVE_ENV.OMSDESK_PASSWORD,
      OMSDESK_API_KEY: LIVE_ENV.OMSDESK_API_KEY,
      OMSDESK_TOTP_SECRET: 'not-base32-0189!',
      OMSDESK_DOB_OR_PAN: 'ABCDE1234F',
      OMSDESK_MCP_TOKEN: 'short-tok',
      // A secret pasted into an ordinary variable is still removed from the message.
      OMSDESK_LOG_LEVEL: LIVE_ENV.OMSDESK_API_KEY,
    };
    let message = '';
    try {
      loadConfig({ env });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain('OMSDESK_TOTP_SECRET: expected a base32 secret');
    expect(message).toContain('OMSDESK_BROKER_URL: must not contain a user name or password');
    expect(message).toContain(
      'OMSDESK_LOG_LEVEL: expected one of debug, info, warn, error, got "[redacted]"',
    );
    for (const secret of ['Pa55word!live', LIVE_ENV.OMSDESK_API_KEY, 'not-base32-0189!', 'short-tok']) {
      expect(message).not.toContain(secret);
    }
  });

  it('are redacted in describeConfig, which says whether each is set', () => {
    const c = config({
      ...LIVE_ENV,
      OMSDESK_MCP_TOKEN: 'mcp-token-0123456789abcdef',
      OMSDESK_INSTRUMENTS_FILE: `/data/${LIVE_ENV.OMSDESK_PASSWORD}.csv`,
    });
    const view = describeConfig(c);
    const text = JSON.stringify(view);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(view).toMatchObject({
      broker: {
        mode: 'live',
        credentials: {
          userId: 'FA12345',
          password: '[redacted]',
          apiKey: '[redacted]',
          totpSecret: '[redacted]',
          dobOrPan: 'not set',
        },
        instrumentsFile: '/data/[redacted].csv',
      },
      mcp: { token: '[redacted]' },
    });
    expect(describeConfig(config({}))).toMatchObject({ mcp: { token: 'not set' } });
  });

  it('are known to a redactor for logs', () => {
    const redactor = configRedactor(config(LIVE_ENV));
    expect(redactor.text(`login with ${LIVE_ENV.OMSDESK_PASSWORD}`)).toBe('login with [redacted]');
  });
});

describe('the variable table', () => {
  it('declares each variable once, with its parser, its default as people read it and a description', () => {
    const names = CONFIG_VARIABLES.map((v) => v.name);
    expect(new Set(names).size).toBe(names.length);
    for (const v of CONFIG_VARIABLES) {
      // Discord's four variables of the fixed interface carry no prefix; every other one does.
      expect(v.name).toMatch(
        /^OMSDESK_[A-Z_]+$|^DISCORD_(TOKEN|APPLICATION_ID|GUILD_ID|API_URL|OAUTH_AUTHORIZE_URL|CLIENT_SECRET)$/,
      );
      expect(v.description.length).toBeGreaterThan(10);
      expect(shownDefault(v).length).toBeGreaterThan(0);
      expect(v.field.safeParse(undefined)).toEqual({ success: true, data: undefined });
    }
  });

  it('renders as the README table, one row per variable', () => {
    const lines = configVariablesMarkdown().split('\n');
    expect(lines).toHaveLength(CONFIG_VARIABLES.length + 2);
    expect(lines[0]).toBe('| Variable | Default | Description | Secret |');
    expect(lines).toContain(
      '| `OMSDESK_MCP_TOKEN` | (none) | Bearer token MCP clients must send; required off loopback. Not with a people file. | yes |',
    );
  });
});
