import { DEFAULTS, DISCORD_API_DEFAULT, LIVE_CAPS, PAPER_CAPS } from './defaults.js';

/** One environment variable: its name, its default as people read it, what it does, and whether it is a secret. */
export interface ConfigVariable {
  readonly name: string;
  readonly group: 'broker' | 'sim' | 'policy' | 'gate' | 'mcp' | 'discord' | 'log';
  readonly default: string;
  readonly description: string;
  readonly secret: boolean;
}

const caps = (key: keyof typeof PAPER_CAPS): string => `${PAPER_CAPS[key]} (paper), ${LIVE_CAPS[key]} (live)`;
const v = <N extends string>(
  name: N,
  group: ConfigVariable['group'],
  def: string,
  description: string,
  secret = false,
) => ({ name: `OMSDESK_${name}` as const, group, default: def, description, secret });
/** A variable of Discord's own fixed interface, named without the `OMSDESK_` prefix. */
const discordVariable = <N extends string>(name: N, def: string, description: string, secret = false) => ({
  name: `DISCORD_${name}` as const,
  group: 'discord' as const,
  default: def,
  description,
  secret,
});

/** Every variable omsdesk reads; the README's configuration table is generated from (and checked against) this. */
export const CONFIG_VARIABLES = [
  v(
    'BROKER_URL',
    'broker',
    '(empty: embedded paper broker)',
    'Base URL of the brokerage API (https, or http on loopback); empty runs the paper broker.',
  ),
  v(
    'API_GENERATION',
    'broker',
    DEFAULTS.apiGeneration,
    'API generation to log in and order with: v2 (TOTP login) or v1 (DOB/PAN login).',
  ),
  v('USER_ID', 'broker', '(none)', 'Trading account user id; required with a broker URL.'),
  v('PASSWORD', 'broker', '(none)', 'Account password; required with a broker URL.', true),
  v('API_KEY', 'broker', '(none)', 'Application key issued by the broker; required with a broker URL.', true),
  v('VENDOR_CODE', 'broker', '(none)', 'Vendor code issued with the API key; required with a broker URL.'),
  v('TOTP_SECRET', 'broker', '(none)', 'Base32 secret of the two-factor login; required for v2.', true),
  v('DOB_OR_PAN', 'broker', '(none)', 'Date of birth (DDMMYYYY) or PAN; required for v1.', true),
  v('ACCOUNT_ID', 'broker', '(USER_ID)', 'Account id sent as actid, when it differs from the user id.'),
  v(
    'REQUEST_TIMEOUT_MS',
    'broker',
    String(DEFAULTS.requestTimeoutMs),
    'Time allowed for one API request, in milliseconds.',
  ),
  v(
    'CONNECT_TIMEOUT_MS',
    'broker',
    String(DEFAULTS.connectTimeoutMs),
    'Time allowed to open a connection, in milliseconds.',
  ),
  v(
    'INSTRUMENTS_FILE',
    'broker',
    '(none)',
    'Path to an instrument master CSV for a live broker; wins over OMSDESK_INSTRUMENTS_URL.',
  ),
  v(
    'INSTRUMENTS_URL',
    'broker',
    '(none)',
    'Base URL (https, or http on loopback) or folder of a live broker’s instrument masters.',
  ),
  v(
    'SIM_SEED',
    'sim',
    String(DEFAULTS.simSeed),
    'Seed of the paper market: the same seed gives the same prices.',
  ),
  v(
    'SIM_HOURS',
    'sim',
    DEFAULTS.simHours,
    'Paper market hours: always open, or real (09:15-15:30 IST on weekdays).',
  ),
  v(
    'SIM_STATE',
    'sim',
    '(none: in memory)',
    'Path of a file where the paper broker keeps accounts and orders between runs.',
  ),
  v(
    'SIM_PORT',
    'sim',
    String(DEFAULTS.simPort),
    'Port of the paper broker’s HTTP server; 0 picks a free port.',
  ),
  v(
    'READ_ONLY',
    'policy',
    'false (paper), true (live)',
    'Refuse every order; against a live broker set it to false to opt in to trading.',
  ),
  v('MAX_ORDER_VALUE', 'policy', caps('maxOrderValue'), 'Largest value of one order, in rupees.'),
  v('MAX_ORDER_QUANTITY', 'policy', caps('maxOrderQuantity'), 'Largest quantity of one order, in units.'),
  v('MAX_DAILY_ORDERS', 'policy', caps('maxDailyOrders'), 'Most orders per IST trading day.'),
  v(
    'MAX_DAILY_VALUE',
    'policy',
    caps('maxDailyValue'),
    'Largest total order value per IST trading day, in rupees.',
  ),
  v(
    'ALLOWED_EXCHANGES',
    'policy',
    DEFAULTS.allowedExchanges.join(','),
    'Comma-separated exchanges orders may go to.',
  ),
  v(
    'ALLOWED_PRODUCTS',
    'policy',
    DEFAULTS.allowedProducts.join(','),
    'Comma-separated products orders may use (C delivery, M carry-forward, I intraday).',
  ),
  v(
    'KILL_SWITCH_FILE',
    'policy',
    `<DATA_DIR>/${DEFAULTS.killSwitchFileName}`,
    'While this file exists, no order is placed.',
  ),
  v(
    'MARKET_HOURS',
    'policy',
    'always (paper broker always open), else exchange',
    'exchange: orders only 09:15-15:30 IST on trading days; always: no hours check.',
  ),
  v('HOLIDAYS', 'policy', '(none)', 'Comma-separated exchange holidays, YYYY-MM-DD.'),
  v(
    'CONFIRM',
    'gate',
    DEFAULTS.confirm,
    'How orders are approved: auto (best channel available), elicit, discord or tool.',
  ),
  v(
    'ALLOW_TOOL_CONFIRM_LIVE',
    'gate',
    String(DEFAULTS.allowToolConfirmLive),
    'Allow approval by a second tool call against a live broker.',
  ),
  v(
    'TICKET_TTL_SECONDS',
    'gate',
    String(DEFAULTS.ticketTtlSeconds),
    'How long an order ticket waits for approval.',
  ),
  v(
    'MAX_PRICE_DRIFT_PCT',
    'gate',
    String(DEFAULTS.maxPriceDriftPct),
    'Largest price move between preview and approval, in percent.',
  ),
  v(
    'MAX_PRICE_DRIFT_TICKS',
    'gate',
    String(DEFAULTS.maxPriceDriftTicks),
    'Price move always allowed between preview and approval, in ticks (so cheap options are judged fairly).',
  ),
  v(
    'WATCH_INTERVAL_MS',
    'gate',
    String(DEFAULTS.watchIntervalMs),
    'How often the order watcher reads the order and trade books during the session (slower after it).',
  ),
  v(
    'AUDIT_LOG',
    'gate',
    `<DATA_DIR>/${DEFAULTS.auditLogFileName}`,
    'Path of the hash-chained audit log (JSON lines).',
  ),
  v(
    'AUDIT_KEY_FILE',
    'gate',
    '~/.config/omsdesk/audit.key',
    'Key that signs the audit log’s anchor; keep it apart from the data dir (created on first start).',
  ),
  v(
    'DATA_DIR',
    'gate',
    DEFAULTS.dataDir,
    'Directory for the audit log, the kill-switch file and other state.',
  ),
  v('MCP_HOST', 'mcp', DEFAULTS.mcpHost, 'Address the MCP HTTP server listens on.'),
  v('MCP_PORT', 'mcp', String(DEFAULTS.mcpPort), 'Port of the MCP HTTP server; 0 picks a free port.'),
  v(
    'MCP_TOKEN',
    'mcp',
    '(none)',
    'Bearer token MCP clients must send; required when MCP_HOST is not loopback.',
    true,
  ),
  v(
    'MCP_ALLOWED_ORIGINS',
    'mcp',
    '(none)',
    'Comma-separated browser origins allowed to call the MCP server.',
  ),
  discordVariable(
    'TOKEN',
    '(none: no Discord bot)',
    'Bot token from the Developer Portal; setting it runs the Discord desk with omsdesk serve.',
    true,
  ),
  discordVariable('APPLICATION_ID', '(none)', 'The Discord application id; required with DISCORD_TOKEN.'),
  discordVariable(
    'GUILD_ID',
    '(none)',
    'The one server the bot serves; interactions from anywhere else are refused. Required with DISCORD_TOKEN.',
  ),
  discordVariable(
    'API_URL',
    // A code span: the README must not link outside the repository, and bare URLs become links.
    `\`${DISCORD_API_DEFAULT}\``,
    'Discord REST base (https, or http on loopback for tests), without the version.',
  ),
  v(
    'DISCORD_APPROVERS',
    'discord',
    '(none: read-only desk)',
    'Comma-separated user ids and role ids allowed to approve orders and halt or resume trading.',
  ),
  v(
    'DISCORD_APPROVALS_CHANNEL',
    'discord',
    '(none)',
    'Channel id where order cards are posted; required with approvers.',
  ),
  v(
    'DISCORD_MONITOR_CHANNEL',
    'discord',
    '(none)',
    'The read-only monitoring channel; commands used there are refused.',
  ),
  v('DISCORD_FOUR_EYES', 'discord', 'false', 'true: the person who requested an order may not approve it.'),
  v('LOG_LEVEL', 'log', DEFAULTS.logLevel, 'Least severe log level written: debug, info, warn or error.'),
] as const satisfies readonly ConfigVariable[];

/** The name of a configuration variable. */
export type ConfigVariableName = (typeof CONFIG_VARIABLES)[number]['name'];

/** Names of the variables whose values are secrets. */
export const SECRET_VARIABLES: ReadonlySet<string> = new Set(
  CONFIG_VARIABLES.filter((c) => c.secret).map((c) => c.name),
);
