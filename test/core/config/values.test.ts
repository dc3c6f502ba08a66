import { describe, expect, it } from 'vitest';
import { config, LIVE_ENV, problems } from './helpers.js';

describe('bad values, each named by its variable', () => {
  it.each([
    ['OMSDESK_MAX_ORDER_VALUE', 'abc', 'expected a positive number, got "abc"'],
    ['OMSDESK_MAX_ORDER_VALUE', '-5', 'expected a positive number, got "-5"'],
    ['OMSDESK_MAX_DAILY_VALUE', '0', 'expected a positive number, got "0"'],
    ['OMSDESK_MAX_PRICE_DRIFT_PCT', 'Infinity', 'expected a positive number, got "Infinity"'],
    ['OMSDESK_MAX_ORDER_QUANTITY', '1.5', 'expected a positive whole number, got "1.5"'],
    ['OMSDESK_MAX_DAILY_ORDERS', '0', 'expected a positive whole number, got "0"'],
    ['OMSDESK_REQUEST_TIMEOUT_MS', '10s', 'expected a positive whole number, got "10s"'],
    ['OMSDESK_TICKET_TTL_SECONDS', '-1', 'expected a positive whole number, got "-1"'],
    ['OMSDESK_FRESH_QUOTES_MS', '-1', 'expected a number of milliseconds from 0 to 60000, got "-1"'],
    ['OMSDESK_FRESH_SECURITY_MS', '1h', 'expected a number of milliseconds from 0 to 86400000, got "1h"'],
    ['OMSDESK_SIM_SEED', 'seed', 'expected a whole number, got "seed"'],
    ['OMSDESK_MCP_PORT', '70000', 'expected a port number from 0 to 65535, got "70000"'],
    ['OMSDESK_SIM_PORT', '-1', 'expected a port number from 0 to 65535, got "-1"'],
    ['OMSDESK_READ_ONLY', 'maybe', 'expected true or false (also 1/0, yes/no), got "maybe"'],
    ['OMSDESK_API_GENERATION', 'v3', 'expected one of v2, v1, got "v3"'],
    ['OMSDESK_SIM_HOURS', 'never', 'expected one of always, real, got "never"'],
    ['OMSDESK_MARKET_HOURS', 'sometimes', 'expected one of exchange, always, got "sometimes"'],
    ['OMSDESK_CONFIRM', 'yes', 'expected one of auto, elicit, discord, tool, web, got "yes"'],
    ['OMSDESK_ALLOWED_EXCHANGES', 'NSE,MCX', 'unknown exchange "MCX" (expected any of NSE, BSE, NFO)'],
    ['OMSDESK_ALLOWED_PRODUCTS', 'C,X,Y', 'unknown product "X", "Y" (expected any of C, M, I)'],
    ['OMSDESK_ALLOWED_PRODUCTS', ' , ', 'expected a comma-separated list of products (C, M, I)'],
    ['OMSDESK_HOLIDAYS', '2026-01-26,2026-02-30', 'expected dates as YYYY-MM-DD, got "2026-02-30"'],
    ['OMSDESK_BROKER_URL', 'not a url', 'expected an http(s) URL, got "not a url"'],
    ['OMSDESK_BROKER_URL', 'ftp://broker.example', 'expected an http(s) URL, got "ftp://broker.example"'],
    [
      'OMSDESK_BROKER_URL',
      'http://broker.example',
      'use https for a broker that is not on this machine (got "http://broker.example")',
    ],
    [
      'OMSDESK_INSTRUMENTS_URL',
      'http://cdn.broker.example',
      'use https for a location that is not on this machine (got "http://cdn.broker.example")',
    ],
    [
      'OMSDESK_INSTRUMENTS_URL',
      'https://cdn.broker.example/masters?token=1',
      'expected a base URL without ? or # (file names are appended to it)',
    ],
    [
      'OMSDESK_INSTRUMENTS_URL',
      'ftp://cdn.broker.example',
      'expected an http(s) base URL or a directory, got "ftp://cdn.broker.example"',
    ],
    [
      'OMSDESK_INSTRUMENTS_URL',
      'https://me:secret@cdn.broker.example',
      'must not contain a user name or password',
    ],
    ['OMSDESK_MCP_HOST', 'http://host', 'expected a host name or IP address, got "http://host"'],
    [
      'OMSDESK_MCP_ALLOWED_ORIGINS',
      'https://a.example/path',
      'expected origins like https://example.com, got "https://a.example/path"',
    ],
  ])('%s=%s', (name, value, message) => {
    const found = problems({ [name]: value }).filter((p) => p.startsWith(`${name}:`));
    expect(found).toEqual([`${name}: ${message}`]);
  });

  it('reports every bad value at once', () => {
    const lines = problems({
      OMSDESK_MAX_ORDER_VALUE: 'abc',
      OMSDESK_READ_ONLY: 'maybe',
      OMSDESK_MCP_PORT: 'x',
      OMSDESK_ALLOWED_EXCHANGES: 'LSE',
    });
    expect(lines.map((l) => l.split(':')[0])).toEqual([
      'OMSDESK_READ_ONLY',
      'OMSDESK_MAX_ORDER_VALUE',
      'OMSDESK_ALLOWED_EXCHANGES',
      'OMSDESK_MCP_PORT',
    ]);
  });
});

describe('good values in every accepted spelling', () => {
  it('reads booleans as true/false, 1/0, yes/no in any case', () => {
    for (const [text, value] of [
      ['TRUE', true],
      ['1', true],
      ['Yes', true],
      ['false', false],
      ['0', false],
      ['NO', false],
    ] as const) {
      expect(config({ OMSDESK_READ_ONLY: text }).policy.readOnly).toBe(value);
    }
  });

  it('reads numbers with digit grouping, lists trimmed and de-duplicated, enums in any case', () => {
    const c = config({
      OMSDESK_MAX_ORDER_VALUE: '2_50_000.50',
      OMSDESK_ALLOWED_EXCHANGES: ' nse , NFO,NSE ',
      OMSDESK_ALLOWED_PRODUCTS: 'i',
      OMSDESK_HOLIDAYS: '2026-03-03, 2026-01-26',
      OMSDESK_LOG_LEVEL: 'DEBUG',
      OMSDESK_SIM_SEED: '-42',
      OMSDESK_MCP_PORT: '0',
    });
    expect(c.policy.maxOrderValue).toBe(250_000.5);
    expect(c.policy.allowedExchanges).toEqual(['NSE', 'NFO']);
    expect(c.policy.allowedProducts).toEqual(['I']);
    expect(c.policy.holidays).toEqual(['2026-01-26', '2026-03-03']);
    expect(c.log.level).toBe('debug');
    expect(c.sim.seed).toBe(-42);
    expect(c.mcp.port).toBe(0);
  });

  it('takes the masters location as an https or loopback base URL without its trailing slash, or a directory', () => {
    expect(
      config({ ...LIVE_ENV, OMSDESK_INSTRUMENTS_URL: 'https://cdn.broker.example/' }).broker.instrumentsUrl,
    ).toBe('https://cdn.broker.example');
    expect(
      config({ ...LIVE_ENV, OMSDESK_INSTRUMENTS_URL: 'http://127.0.0.1:8080/m/' }).broker.instrumentsUrl,
    ).toBe('http://127.0.0.1:8080/m');
    expect(config({ ...LIVE_ENV, OMSDESK_INSTRUMENTS_URL: './masters' }).broker.instrumentsUrl).toBe(
      './masters',
    );
    expect(config(LIVE_ENV).broker.instrumentsUrl).toBeUndefined();
  });

  it('accepts plain http to a broker on this machine', () => {
    const env = {
      OMSDESK_BROKER_URL: 'http://127.0.0.1:9000',
      OMSDESK_USER_ID: 'U',
      OMSDESK_PASSWORD: 'p',
      OMSDESK_API_KEY: 'k',
      OMSDESK_VENDOR_CODE: 'v',
      OMSDESK_TOTP_SECRET: 'JBSWY3DPEHPK3PXP',
    };
    expect(config(env).broker.mode).toBe('live');
  });
});
