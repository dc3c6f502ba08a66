import { describe, expect, expectTypeOf, it } from 'vitest';
import type { TradingPolicy } from '../../../src/core/checks/index.js';
import { type Config, ConfigError } from '../../../src/core/config/index.js';

const PAPER_CAPS = {
  maxOrderValue: 1_000_000,
  maxOrderQuantity: 10_000,
  maxDailyOrders: 500,
  maxDailyValue: 10_000_000,
};
const LIVE_CAPS = {
  maxOrderValue: 100_000,
  maxOrderQuantity: 1_000,
  maxDailyOrders: 50,
  maxDailyValue: 500_000,
};

import { config, LIVE_ENV, problems } from './helpers.js';

describe('paper mode (no broker URL)', () => {
  it('runs the embedded paper broker with safe defaults', () => {
    expect(config({})).toEqual({
      dataDir: '.omsdesk',
      broker: {
        mode: 'paper',
        generation: 'v2',
        credentials: {},
        timeouts: { requestMs: 10_000, connectMs: 5_000 },
        freshness: { quotes: 750, books: 1_500, limits: 2_000, security: 600_000 },
      },
      sim: { seed: 1, hours: 'always', port: 0, statePath: '.omsdesk/paper-broker.json' },
      policy: {
        readOnly: false,
        ...PAPER_CAPS,
        allowedExchanges: ['NSE', 'BSE', 'NFO'],
        allowedProducts: ['C', 'M', 'I'],
        killSwitchFile: '.omsdesk/KILL',
        haltCancels: false,
        marketHours: 'always',
        holidays: [],
      },
      gate: {
        confirm: 'auto',
        allowToolConfirmLive: false,
        ticketTtlSeconds: 120,
        maxPriceDriftPct: 2,
        maxPriceDriftTicks: 10,
        watchIntervalMs: 2_000,
      },
      audit: { path: '.omsdesk/audit.jsonl' },
      mcp: { host: '127.0.0.1', port: 8765, allowedOrigins: [] },
      health: { host: '127.0.0.1' },
      log: { level: 'info' },
      warnings: [],
    } satisfies Config);
  });

  it('reads how long people are given answers already read, per kind, 0 turning it off', () => {
    expect(
      config({ OMSDESK_FRESH_QUOTES_MS: '0', OMSDESK_FRESH_SECURITY_MS: '3600000' }).broker.freshness,
    ).toEqual({
      quotes: 0,
      books: 1_500,
      limits: 2_000,
      security: 3_600_000,
    });
  });

  it('treats an empty broker URL as no broker URL', () => {
    expect(config({ OMSDESK_BROKER_URL: '' }).broker.mode).toBe('paper');
    expect(config({ OMSDESK_BROKER_URL: '   ' }).broker.mode).toBe('paper');
  });

  it('checks market hours when the paper market keeps real hours', () => {
    expect(config({ OMSDESK_SIM_HOURS: 'real' }).policy.marketHours).toBe('exchange');
    expect(config({ OMSDESK_MARKET_HOURS: 'exchange' }).policy.marketHours).toBe('exchange');
  });

  it('puts the kill-switch file and the audit log in the data directory unless told otherwise', () => {
    const c = config({ OMSDESK_DATA_DIR: '/var/lib/omsdesk' });
    expect(c.policy.killSwitchFile).toBe('/var/lib/omsdesk/KILL');
    expect(c.audit.path).toBe('/var/lib/omsdesk/audit.jsonl');
    expect(config({ OMSDESK_KILL_SWITCH_FILE: '/tmp/STOP' }).policy.killSwitchFile).toBe('/tmp/STOP');
  });

  it('gives a policy the pre-trade checks take as it is', () => {
    expectTypeOf(config({}).policy).toExtend<TradingPolicy>();
  });
});

describe('live mode (a broker URL)', () => {
  it('is read-only until the user opts in, with smaller caps', () => {
    const c = config(LIVE_ENV);
    expect(c.broker).toEqual({
      mode: 'live',
      url: 'https://api.broker.example',
      generation: 'v2',
      credentials: {
        userId: 'FA12345',
        password: LIVE_ENV.OMSDESK_PASSWORD,
        apiKey: LIVE_ENV.OMSDESK_API_KEY,
        vendorCode: 'FA12345_U',
        totpSecret: LIVE_ENV.OMSDESK_TOTP_SECRET,
      },
      timeouts: { requestMs: 10_000, connectMs: 5_000 },
      freshness: { quotes: 750, books: 1_500, limits: 2_000, security: 600_000 },
    });
    expect(c.policy).toMatchObject({ readOnly: true, ...LIVE_CAPS, marketHours: 'exchange' });
    expect(config({ ...LIVE_ENV, OMSDESK_READ_ONLY: 'false' }).policy.readOnly).toBe(false);
    expect(config({ ...LIVE_ENV, OMSDESK_MAX_ORDER_VALUE: '250000' }).policy.maxOrderValue).toBe(250_000);
  });

  it('lists every missing credential at once, by variable', () => {
    expect(problems({ OMSDESK_BROKER_URL: 'https://api.broker.example' })).toEqual([
      'OMSDESK_USER_ID: required with a broker URL (OMSDESK_BROKER_URL is set, API generation v2)',
      'OMSDESK_PASSWORD: required with a broker URL (OMSDESK_BROKER_URL is set, API generation v2)',
      'OMSDESK_API_KEY: required with a broker URL (OMSDESK_BROKER_URL is set, API generation v2)',
      'OMSDESK_VENDOR_CODE: required with a broker URL (OMSDESK_BROKER_URL is set, API generation v2)',
      'OMSDESK_TOTP_SECRET: required with a broker URL (OMSDESK_BROKER_URL is set, API generation v2)',
    ]);
  });

  it('needs DOB or PAN instead of the TOTP secret for the first generation', () => {
    const { OMSDESK_TOTP_SECRET: _, ...v1 } = { ...LIVE_ENV, OMSDESK_API_GENERATION: 'v1' };
    expect(problems(v1)).toEqual([
      'OMSDESK_DOB_OR_PAN: required with a broker URL (OMSDESK_BROKER_URL is set, API generation v1)',
    ]);
    expect(config({ ...v1, OMSDESK_DOB_OR_PAN: 'ABCDE1234F' }).broker.generation).toBe('v1');
  });

  it('uses a separate account id when given', () => {
    expect(config({ ...LIVE_ENV, OMSDESK_ACCOUNT_ID: 'ACC9' }).broker.credentials.accountId).toBe('ACC9');
  });

  it('refuses tool approval against a live broker unless explicitly allowed', () => {
    expect(problems({ ...LIVE_ENV, OMSDESK_CONFIRM: 'tool' })).toEqual([
      'OMSDESK_CONFIRM: tool confirmation lets a model approve its own orders; against a live broker it needs OMSDESK_ALLOW_TOOL_CONFIRM_LIVE=true',
    ]);
    const allowed = config({ ...LIVE_ENV, OMSDESK_CONFIRM: 'tool', OMSDESK_ALLOW_TOOL_CONFIRM_LIVE: 'yes' });
    expect(allowed.gate).toMatchObject({ confirm: 'tool', allowToolConfirmLive: true });
    expect(config({ OMSDESK_CONFIRM: 'tool' }).gate.confirm).toBe('tool');
  });
});

describe('MCP server exposure', () => {
  it('requires a token when listening beyond loopback', () => {
    expect(problems({ OMSDESK_MCP_HOST: '0.0.0.0' })).toEqual([
      'OMSDESK_MCP_TOKEN: required when OMSDESK_MCP_HOST (0.0.0.0) is not a loopback address: anyone on the network could reach the MCP server',
    ]);
    const token = 'f3a9c1e7b2d84a6f9e0c';
    expect(config({ OMSDESK_MCP_HOST: '0.0.0.0', OMSDESK_MCP_TOKEN: token }).mcp.token).toBe(token);
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]']) {
      expect(config({ OMSDESK_MCP_HOST: host }).mcp.host).toBe(host);
    }
  });

  it('refuses a short token without showing it', () => {
    const lines = problems({ OMSDESK_MCP_TOKEN: 'abc123' });
    expect(lines).toEqual(['OMSDESK_MCP_TOKEN: expected at least 16 characters (a random token)']);
  });

  it('reads allowed origins', () => {
    const c = config({ OMSDESK_MCP_ALLOWED_ORIGINS: 'https://claude.ai, http://localhost:3000/' });
    expect(c.mcp.allowedOrigins).toEqual(['https://claude.ai', 'http://localhost:3000']);
  });
});

describe('warnings', () => {
  it('says the instrument file wins over the masters location, and that the paper broker ignores the location', () => {
    const both = config({
      ...LIVE_ENV,
      OMSDESK_INSTRUMENTS_FILE: 'masters.csv',
      OMSDESK_INSTRUMENTS_URL: 'https://cdn.broker.example',
    });
    expect(both.broker).toMatchObject({
      instrumentsFile: 'masters.csv',
      instrumentsUrl: 'https://cdn.broker.example',
    });
    expect(both.warnings).toEqual([
      'OMSDESK_INSTRUMENTS_FILE and OMSDESK_INSTRUMENTS_URL are both set: the file is used and no masters are downloaded.',
    ]);
    expect(config({ OMSDESK_INSTRUMENTS_URL: 'https://cdn.broker.example' }).warnings).toEqual([
      'OMSDESK_INSTRUMENTS_URL is only used with a live broker (OMSDESK_BROKER_URL); the paper broker’s own instruments are used.',
    ]);
  });

  it('names unknown OMSDESK_ variables and what they may have meant', () => {
    const c = config({ OMSDESK_MAX_ORDER_VALU: '5', HOME: '/root', PATH: '/bin' });
    expect(c.warnings).toEqual([
      'OMSDESK_MAX_ORDER_VALU is not an omsdesk variable and is ignored (did you mean OMSDESK_MAX_ORDER_VALUE?).',
    ]);
  });
});

describe('ConfigError', () => {
  it('lists every problem in its message, one line each', () => {
    try {
      config({ OMSDESK_MAX_ORDER_VALUE: 'abc', OMSDESK_LOG_LEVEL: 'verbose' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toBe(
        [
          'Invalid configuration (2 problems):',
          '  OMSDESK_MAX_ORDER_VALUE: expected a positive number, got "abc"',
          '  OMSDESK_LOG_LEVEL: expected one of debug, info, warn, error, got "verbose"',
        ].join('\n'),
      );
    }
  });
});
