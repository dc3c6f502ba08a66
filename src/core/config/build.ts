import { join } from 'node:path';
import { DEFAULTS, DISCORD_API_DEFAULT, LIVE_CAPS, PAPER_CAPS } from './defaults.js';
import type { ParsedVariables } from './schema.js';
import type { BrokerConfig, BrokerCredentials, Config, DiscordConfig, LiveCredentials } from './types.js';

/** Only the keys whose values are defined (optional properties must be absent, not undefined). */
function defined<T extends Record<string, unknown>>(
  object: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/**
 * The nested configuration from parsed variables, with the defaults that depend on the mode: no broker
 * URL means the paper broker, which trades by default; a live broker is read-only until the user opts in,
 * and has smaller caps. Call only after `crossRules` found no problem.
 */
export function buildConfig(v: Partial<ParsedVariables>, warnings: readonly string[] = []): Config {
  const url = v.OMSDESK_BROKER_URL;
  const live = url !== undefined;
  const caps = live ? LIVE_CAPS : PAPER_CAPS;
  const dataDir = v.OMSDESK_DATA_DIR ?? DEFAULTS.dataDir;
  const simHours = v.OMSDESK_SIM_HOURS ?? DEFAULTS.simHours;
  const credentials: BrokerCredentials = defined({
    userId: v.OMSDESK_USER_ID,
    accountId: v.OMSDESK_ACCOUNT_ID ?? v.OMSDESK_USER_ID,
    password: v.OMSDESK_PASSWORD,
    apiKey: v.OMSDESK_API_KEY,
    vendorCode: v.OMSDESK_VENDOR_CODE,
    totpSecret: v.OMSDESK_TOTP_SECRET?.replace(/[\s-]/g, '').toUpperCase(),
    dobOrPan: v.OMSDESK_DOB_OR_PAN,
  });
  const common = {
    generation: v.OMSDESK_API_GENERATION ?? DEFAULTS.apiGeneration,
    timeouts: {
      requestMs: v.OMSDESK_REQUEST_TIMEOUT_MS ?? DEFAULTS.requestTimeoutMs,
      connectMs: v.OMSDESK_CONNECT_TIMEOUT_MS ?? DEFAULTS.connectTimeoutMs,
    },
    ...defined({ instrumentsFile: v.OMSDESK_INSTRUMENTS_FILE, instrumentsUrl: v.OMSDESK_INSTRUMENTS_URL }),
  };
  const broker: BrokerConfig = live
    ? { mode: 'live', url, credentials: credentials as LiveCredentials, ...common }
    : { mode: 'paper', credentials, ...common };

  return {
    dataDir,
    broker,
    sim: {
      seed: v.OMSDESK_SIM_SEED ?? DEFAULTS.simSeed,
      hours: simHours,
      port: v.OMSDESK_SIM_PORT ?? DEFAULTS.simPort,
      ...defined({ statePath: v.OMSDESK_SIM_STATE }),
    },
    policy: {
      readOnly: v.OMSDESK_READ_ONLY ?? live,
      maxOrderValue: v.OMSDESK_MAX_ORDER_VALUE ?? caps.maxOrderValue,
      maxOrderQuantity: v.OMSDESK_MAX_ORDER_QUANTITY ?? caps.maxOrderQuantity,
      maxDailyOrders: v.OMSDESK_MAX_DAILY_ORDERS ?? caps.maxDailyOrders,
      maxDailyValue: v.OMSDESK_MAX_DAILY_VALUE ?? caps.maxDailyValue,
      allowedExchanges: v.OMSDESK_ALLOWED_EXCHANGES ?? [...DEFAULTS.allowedExchanges],
      allowedProducts: v.OMSDESK_ALLOWED_PRODUCTS ?? [...DEFAULTS.allowedProducts],
      killSwitchFile: v.OMSDESK_KILL_SWITCH_FILE ?? join(dataDir, DEFAULTS.killSwitchFileName),
      // The paper broker in its always-open mode takes orders at any hour; so do the checks.
      marketHours: v.OMSDESK_MARKET_HOURS ?? (!live && simHours === 'always' ? 'always' : 'exchange'),
      holidays: v.OMSDESK_HOLIDAYS ?? [],
    },
    gate: {
      confirm: v.OMSDESK_CONFIRM ?? DEFAULTS.confirm,
      allowToolConfirmLive: v.OMSDESK_ALLOW_TOOL_CONFIRM_LIVE ?? DEFAULTS.allowToolConfirmLive,
      ticketTtlSeconds: v.OMSDESK_TICKET_TTL_SECONDS ?? DEFAULTS.ticketTtlSeconds,
      maxPriceDriftPct: v.OMSDESK_MAX_PRICE_DRIFT_PCT ?? DEFAULTS.maxPriceDriftPct,
      maxPriceDriftTicks: v.OMSDESK_MAX_PRICE_DRIFT_TICKS ?? DEFAULTS.maxPriceDriftTicks,
      watchIntervalMs: v.OMSDESK_WATCH_INTERVAL_MS ?? DEFAULTS.watchIntervalMs,
    },
    audit: {
      path: v.OMSDESK_AUDIT_LOG ?? join(dataDir, DEFAULTS.auditLogFileName),
      ...defined({ keyFile: v.OMSDESK_AUDIT_KEY_FILE }),
    },
    mcp: {
      host: v.OMSDESK_MCP_HOST ?? DEFAULTS.mcpHost,
      port: v.OMSDESK_MCP_PORT ?? DEFAULTS.mcpPort,
      allowedOrigins: v.OMSDESK_MCP_ALLOWED_ORIGINS ?? [],
      ...defined({ token: v.OMSDESK_MCP_TOKEN }),
    },
    ...defined({ discord: discordConfig(v) }),
    log: { level: v.OMSDESK_LOG_LEVEL ?? DEFAULTS.logLevel },
    warnings,
  };
}

/** The Discord desk's settings, when a token is set (the rules guarantee the ids it needs). */
function discordConfig(v: Partial<ParsedVariables>): DiscordConfig | undefined {
  const token = v.DISCORD_TOKEN?.replace(/^Bot\s+/i, '');
  if (token === undefined) return undefined;
  return {
    token,
    applicationId: v.DISCORD_APPLICATION_ID ?? '',
    guildId: v.DISCORD_GUILD_ID ?? '',
    apiUrl: v.DISCORD_API_URL ?? DISCORD_API_DEFAULT,
    approvers: v.OMSDESK_DISCORD_APPROVERS ?? [],
    fourEyes: v.OMSDESK_DISCORD_FOUR_EYES ?? false,
    ...defined({
      approvalsChannel: v.OMSDESK_DISCORD_APPROVALS_CHANNEL,
      monitorChannel: v.OMSDESK_DISCORD_MONITOR_CHANNEL,
    }),
  };
}
