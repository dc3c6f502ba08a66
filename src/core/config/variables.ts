import { join } from 'node:path';
import type { z } from 'zod';
import { DEFAULT_FRESHNESS } from '../client/shared-reads.js';
import { DAY_MS, EXCHANGES, PRODUCTS, PRODUCTS_IN_WORDS, SESSION_TEXT } from '../vocabulary/index.js';
import {
  API_GENERATIONS,
  CONFIRM_MODES,
  DISCORD_API_DEFAULT,
  DISCORD_AUTHORIZE_DEFAULT,
  LOG_FORMATS,
  LOG_LEVELS,
  MARKET_HOURS_MODES,
  SIM_HOURS,
} from './choices.js';
import { discordApiUrl, discordToken, snowflake, snowflakes } from './discord-formats.js';
import {
  bool,
  integer,
  listOf,
  oneOf,
  port,
  positiveInteger,
  positiveNumber,
  secret,
  text,
} from './fields.js';
import { base32Secret, brokerUrl, dates, host, mastersLocation, origins, tokenProblem } from './formats.js';
import { personId } from './people-formats.js';
import { discordAuthorizeUrl, publicUrl } from './sign-in-formats.js';
import { derived, perMode, type SettledValue, variable } from './variable.js';

const inDataDir = (file: string) =>
  derived(`<DATA_DIR>/${file}`, (get) => join(String(get('OMSDESK_DATA_DIR')), file));

/** How long people are given an answer already read, per kind of read: one variable each. */
function freshnessVariables() {
  const ms = (max: number) => integer(0, max, `a number of milliseconds from 0 to ${max}`);
  return [
    variable({
      name: 'OMSDESK_FRESH_QUOTES_MS',
      group: 'broker',
      field: ms(60_000),
      default: DEFAULT_FRESHNESS.quotes,
      description: 'How long a quote (candles, greeks too) already read is given again to people; 0: never.',
    }),
    variable({
      name: 'OMSDESK_FRESH_BOOKS_MS',
      group: 'broker',
      field: ms(60_000),
      default: DEFAULT_FRESHNESS.books,
      description: 'The same for the order and trade books and histories (order checks always read afresh).',
    }),
    variable({
      name: 'OMSDESK_FRESH_LIMITS_MS',
      group: 'broker',
      field: ms(60_000),
      default: DEFAULT_FRESHNESS.limits,
      description: 'The same for limits, holdings and span margin.',
    }),
    variable({
      name: 'OMSDESK_FRESH_SECURITY_MS',
      group: 'broker',
      field: ms(DAY_MS),
      default: DEFAULT_FRESHNESS.security,
      description: 'The same for security info and index lists, which change once a day.',
    }),
  ];
}

/**
 * Every variable omsdesk reads, each declared once: its parser, its default (per broker mode where the
 * paper broker and a live one differ), its description and whether it is a secret. Validation, the
 * configuration table (docs/configuration.md) and `.env.example` all come from this list.
 */
export const CONFIG_VARIABLES = [
  variable({
    name: 'OMSDESK_BROKER_URL',
    group: 'broker',
    field: brokerUrl(),
    unset: '(empty: embedded paper broker)',
    description: 'Base URL of the brokerage API (https, or http on loopback); empty runs the paper broker.',
  }),
  variable({
    name: 'OMSDESK_API_GENERATION',
    group: 'broker',
    field: oneOf(API_GENERATIONS),
    default: 'v2',
    description: 'API generation to log in and order with: v2 (TOTP login) or v1 (DOB/PAN login).',
  }),
  variable({
    name: 'OMSDESK_USER_ID',
    group: 'broker',
    field: text(),
    description: 'Trading account user id; required with a broker URL.',
  }),
  variable({
    name: 'OMSDESK_PASSWORD',
    group: 'broker',
    field: secret(),
    description: 'Account password; required with a broker URL.',
    secret: true,
  }),
  variable({
    name: 'OMSDESK_API_KEY',
    group: 'broker',
    field: secret(),
    description: 'Application key issued by the broker; required with a broker URL.',
    secret: true,
  }),
  variable({
    name: 'OMSDESK_VENDOR_CODE',
    group: 'broker',
    field: text(),
    description: 'Vendor code issued with the API key; required with a broker URL.',
  }),
  variable({
    name: 'OMSDESK_TOTP_SECRET',
    group: 'broker',
    field: base32Secret(),
    description: 'Base32 secret of the two-factor login; required for v2.',
    secret: true,
  }),
  variable({
    name: 'OMSDESK_DOB_OR_PAN',
    group: 'broker',
    field: secret(),
    description: 'Date of birth (DDMMYYYY) or PAN; required for v1.',
    secret: true,
  }),
  variable({
    name: 'OMSDESK_ACCOUNT_ID',
    group: 'broker',
    field: text(),
    unset: '(the login’s account, else the user id)',
    description: 'Live broker: the account id sent as actid, instead of the one the login answers with.',
  }),
  variable({
    name: 'OMSDESK_REQUEST_TIMEOUT_MS',
    group: 'broker',
    field: positiveInteger(),
    default: 10_000,
    description: 'Time allowed for one API request, in milliseconds.',
  }),
  variable({
    name: 'OMSDESK_CONNECT_TIMEOUT_MS',
    group: 'broker',
    field: positiveInteger(),
    default: 5_000,
    description: 'Time allowed to open a connection, in milliseconds.',
  }),
  ...freshnessVariables(),
  variable({
    name: 'OMSDESK_INSTRUMENTS_FILE',
    group: 'broker',
    field: text(),
    description: 'Path to an instrument master CSV for a live broker; wins over OMSDESK_INSTRUMENTS_URL.',
  }),
  variable({
    name: 'OMSDESK_INSTRUMENTS_URL',
    group: 'broker',
    field: mastersLocation(),
    description: 'Base URL (https, or http on loopback) or folder of a live broker’s instrument masters.',
  }),
  variable({
    name: 'OMSDESK_SIM_SEED',
    group: 'sim',
    field: integer(Number.MIN_SAFE_INTEGER),
    default: 1,
    description: 'Seed of the paper market: the same seed gives the same prices.',
  }),
  variable({
    name: 'OMSDESK_SIM_HOURS',
    group: 'sim',
    field: oneOf(SIM_HOURS),
    default: 'always',
    description: `Paper market hours: always open, or real (${SESSION_TEXT} IST on weekdays).`,
  }),
  variable({
    name: 'OMSDESK_SIM_STATE',
    group: 'sim',
    field: text(),
    // Kept beside the audit log, the watcher and the monitor, which remember the same orders by number.
    default: inDataDir('paper-broker.json'),
    description: 'File where the embedded paper broker keeps accounts, orders and fills between runs.',
  }),
  variable({
    name: 'OMSDESK_SIM_PORT',
    group: 'sim',
    field: port(),
    default: 0,
    description: 'Port of the paper broker’s HTTP server; 0 picks a free port.',
  }),
  variable({
    name: 'OMSDESK_READ_ONLY',
    group: 'policy',
    field: bool(),
    default: perMode(false, true),
    description: 'Refuse every order; against a live broker set it to false to opt in to trading.',
  }),
  variable({
    name: 'OMSDESK_MAX_ORDER_VALUE',
    group: 'policy',
    field: positiveNumber(),
    default: perMode(1_000_000, 100_000),
    description: 'Largest value of one order, in rupees.',
  }),
  variable({
    name: 'OMSDESK_MAX_ORDER_QUANTITY',
    group: 'policy',
    field: positiveInteger(),
    default: perMode(10_000, 1_000),
    description: 'Largest quantity of one order, in units.',
  }),
  variable({
    name: 'OMSDESK_MAX_DAILY_ORDERS',
    group: 'policy',
    field: positiveInteger(),
    default: perMode(500, 50),
    description: 'Most orders per IST trading day.',
  }),
  variable({
    name: 'OMSDESK_MAX_DAILY_VALUE',
    group: 'policy',
    field: positiveNumber(),
    default: perMode(10_000_000, 500_000),
    description: 'Largest total order value per IST trading day, in rupees.',
  }),
  variable({
    name: 'OMSDESK_ALLOWED_EXCHANGES',
    group: 'policy',
    field: listOf(EXCHANGES, 'exchange'),
    default: ['NSE', 'BSE', 'NFO'],
    description: 'Comma-separated exchanges orders may go to.',
  }),
  variable({
    name: 'OMSDESK_ALLOWED_PRODUCTS',
    group: 'policy',
    field: listOf(PRODUCTS, 'product'),
    default: ['C', 'M', 'I'],
    description: `Comma-separated products orders may use (${PRODUCTS_IN_WORDS}).`,
  }),
  variable({
    name: 'OMSDESK_KILL_SWITCH_FILE',
    group: 'policy',
    field: text(),
    default: inDataDir('KILL'),
    description: 'While this file exists, no order is placed.',
  }),
  variable({
    name: 'OMSDESK_HALT_CANCELS',
    group: 'policy',
    field: bool(),
    default: false,
    description:
      'true: a halt (/halt, the kill file) also cancels every working order; /halt cancel_orders overrides.',
  }),
  variable({
    name: 'OMSDESK_MARKET_HOURS',
    group: 'policy',
    field: oneOf(MARKET_HOURS_MODES),
    // The paper broker in its always-open mode takes orders at any hour; so do the checks.
    default: derived('always (paper broker always open), else exchange', (get, mode) =>
      mode === 'paper' && get('OMSDESK_SIM_HOURS') === 'always' ? 'always' : 'exchange',
    ),
    description: `exchange: orders only ${SESSION_TEXT} IST on trading days; always: no hours check.`,
  }),
  variable({
    name: 'OMSDESK_HOLIDAYS',
    group: 'policy',
    field: dates(),
    default: [],
    description: 'Comma-separated exchange holidays, YYYY-MM-DD.',
  }),
  variable({
    name: 'OMSDESK_CONFIRM',
    group: 'gate',
    field: oneOf(CONFIRM_MODES),
    default: 'auto',
    description:
      'How orders are approved: auto (best channel available), elicit, discord, tool or web (a link to the desk).',
  }),
  variable({
    name: 'OMSDESK_ALLOW_TOOL_CONFIRM_LIVE',
    group: 'gate',
    field: bool(),
    default: false,
    description: 'Allow approval by a second tool call against a live broker.',
  }),
  variable({
    name: 'OMSDESK_TICKET_TTL_SECONDS',
    group: 'gate',
    field: positiveInteger(),
    default: 120,
    description: 'How long an order ticket waits for approval.',
  }),
  variable({
    name: 'OMSDESK_MAX_PRICE_DRIFT_PCT',
    group: 'gate',
    field: positiveNumber(),
    default: 2,
    description: 'Largest price move between preview and approval, in percent.',
  }),
  variable({
    name: 'OMSDESK_MAX_PRICE_DRIFT_TICKS',
    group: 'gate',
    field: positiveInteger(),
    default: 10,
    description:
      'Price move always allowed between preview and approval, in ticks (so cheap options are judged fairly).',
  }),
  variable({
    name: 'OMSDESK_WATCH_INTERVAL_MS',
    group: 'gate',
    field: integer(250, 600_000, 'a number of milliseconds from 250 to 600000'),
    default: 2_000,
    description:
      'How often the order watcher reads the order and trade books during the session (slower after it).',
  }),
  variable({
    name: 'OMSDESK_AUDIT_LOG',
    group: 'gate',
    field: text(),
    default: inDataDir('audit.jsonl'),
    description: 'Path of the hash-chained audit log (JSON lines).',
  }),
  variable({
    name: 'OMSDESK_AUDIT_KEY_FILE',
    group: 'gate',
    field: text(),
    unset: '~/.config/omsdesk/audit.key',
    description:
      'Key that signs the audit log’s anchor; keep it apart from the data dir (created on first start).',
  }),
  variable({
    name: 'OMSDESK_DATA_DIR',
    group: 'gate',
    field: text(),
    // The omsdesk command passes the per-user folder it shows (src/cli/data-dir.ts); a library caller gets this.
    default: '.omsdesk',
    unset: 'per-user state folder (see the quick start)',
    description:
      'Directory for the audit log, the paper account, the kill-switch file and other state; said at start.',
  }),
  variable({
    name: 'OMSDESK_PEOPLE_FILE',
    group: 'people',
    field: text(),
    default: derived('<DATA_DIR>/people.json, when present', (get) =>
      join(String(get('OMSDESK_DATA_DIR')), 'people.json'),
    ),
    description:
      'JSON list of people (id, role, Discord id, own caps); without it omsdesk has a single operator.',
  }),
  variable({
    name: 'OMSDESK_PERSON',
    group: 'people',
    field: personId(),
    description: 'With a people file: the id of the person who runs omsdesk mcp on stdio (required there).',
  }),
  variable({
    name: 'OMSDESK_MCP_HOST',
    group: 'mcp',
    field: host(),
    default: '127.0.0.1',
    description: 'Address the MCP HTTP server listens on.',
  }),
  variable({
    name: 'OMSDESK_MCP_PORT',
    group: 'mcp',
    field: port(),
    default: 8765,
    description: 'Port of the MCP HTTP server; 0 picks a free port.',
  }),
  variable({
    name: 'OMSDESK_MCP_TOKEN',
    group: 'mcp',
    field: secret(tokenProblem),
    description: 'Bearer token MCP clients must send; required off loopback. Not with a people file.',
    secret: true,
  }),
  variable({
    name: 'OMSDESK_MCP_ALLOWED_ORIGINS',
    group: 'mcp',
    field: origins(),
    default: [],
    unset: '(none)',
    description: 'Comma-separated browser origins allowed to call the MCP server.',
  }),
  variable({
    name: 'OMSDESK_PUBLIC_URL',
    group: 'mcp',
    field: publicUrl(),
    unset: '(none: no sign-in, no /oauth/mcp)',
    description:
      'The https origin people and assistants reach omsdesk serve at (http only on loopback); turns on sign-in and OAuth at /oauth/mcp. Needs a people file.',
  }),
  variable({
    name: 'DISCORD_TOKEN',
    group: 'discord',
    field: discordToken(),
    unset: '(none: no Discord bot)',
    description: 'Bot token from the Developer Portal; setting it runs the Discord desk with omsdesk serve.',
    secret: true,
  }),
  variable({
    name: 'DISCORD_APPLICATION_ID',
    group: 'discord',
    field: snowflake(),
    description: 'The Discord application id; required with DISCORD_TOKEN.',
  }),
  variable({
    name: 'DISCORD_GUILD_ID',
    group: 'discord',
    field: snowflake(),
    description:
      'The one server the bot serves; interactions from anywhere else are refused. Required with DISCORD_TOKEN.',
  }),
  variable({
    name: 'DISCORD_API_URL',
    group: 'discord',
    field: discordApiUrl(),
    // A code span: the docs must not link outside the repository, and bare URLs become links.
    default: derived(`\`${DISCORD_API_DEFAULT}\``, () => DISCORD_API_DEFAULT),
    description: 'Discord REST base (https, or http on loopback for tests), without the version.',
  }),
  variable({
    name: 'DISCORD_OAUTH_AUTHORIZE_URL',
    group: 'discord',
    field: discordAuthorizeUrl(),
    default: derived(`\`${DISCORD_AUTHORIZE_DEFAULT}\``, () => DISCORD_AUTHORIZE_DEFAULT),
    description: 'Discord page where people sign in (https, or http on loopback for tests).',
  }),
  variable({
    name: 'DISCORD_CLIENT_SECRET',
    group: 'discord',
    field: secret(),
    unset: '(none: sign-in by personal token only)',
    description:
      "The Discord application's OAuth2 client secret; with OMSDESK_PUBLIC_URL and DISCORD_APPLICATION_ID, people sign in with Discord.",
    secret: true,
  }),
  variable({
    name: 'OMSDESK_DISCORD_APPROVERS',
    group: 'discord',
    field: snowflakes(),
    default: derived('(none: read-only desk)', () => []),
    description:
      'Comma-separated user and role ids allowed to approve, halt and resume; not with a people file.',
  }),
  variable({
    name: 'OMSDESK_DISCORD_APPROVALS_CHANNEL',
    group: 'discord',
    field: snowflake(),
    description: 'Channel id where order cards are posted; required with approvers.',
  }),
  variable({
    name: 'OMSDESK_DISCORD_MONITOR_CHANNEL',
    group: 'discord',
    field: snowflake(),
    description: 'The read-only monitoring channel; commands used there are refused.',
  }),
  variable({
    name: 'OMSDESK_DISCORD_FOUR_EYES',
    group: 'discord',
    field: bool(),
    default: false,
    description:
      'true: who requested an order may not approve it (with a people file: in Discord or their own assistant).',
  }),
  variable({
    name: 'OMSDESK_HEALTH_HOST',
    group: 'discord',
    field: host(),
    default: '127.0.0.1',
    description: 'Address of the health port of omsdesk discord (OMSDESK_HEALTH_PORT).',
  }),
  variable({
    name: 'OMSDESK_HEALTH_PORT',
    group: 'discord',
    field: port(),
    unset: '(none: no health port)',
    description:
      'omsdesk discord: serve /healthz, /readyz and /metrics on this port (omsdesk serve has them beside /mcp).',
  }),
  variable({
    name: 'OMSDESK_LOG_LEVEL',
    group: 'log',
    field: oneOf(LOG_LEVELS),
    default: 'info',
    description: 'Least severe log level written: debug, info, warn or error.',
  }),
  variable({
    name: 'OMSDESK_LOG_FORMAT',
    group: 'log',
    field: oneOf(LOG_FORMATS),
    unset: 'json when stderr is not a terminal, else text',
    description: 'Log lines on stderr: json (one object per line with an ISO time) or text (for people).',
  }),
] as const;

/** One declared variable. */
export type ConfigVariable = (typeof CONFIG_VARIABLES)[number];

/** The name of a configuration variable. */
export type ConfigVariableName = ConfigVariable['name'];

/** Every variable's settled value: parsed, or its default (undefined only for variables without one). */
export type Settings = {
  readonly [V in ConfigVariable as V['name']]: SettledValue<V>;
};

/** Each variable's value as parsed from its text, absent when unset. */
export type ParsedValues = {
  readonly [V in ConfigVariable as V['name']]?: Exclude<z.output<V['field']>, undefined>;
};

/** Names of the variables whose values are secrets. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(
  CONFIG_VARIABLES.filter((c) => c.secret === true).map((c) => c.name),
);
