import type {
  BrokerConfig,
  BrokerCredentials,
  Config,
  DiscordConfig,
  LiveCredentials,
  SignInConfig,
} from './types.js';
import type { Settings } from './variables.js';

/** Only the keys whose values are defined (optional properties must be absent, not undefined). */
function defined<T extends Record<string, unknown>>(
  object: T,
): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/**
 * The nested configuration from the settled variables (defaults already applied, per broker mode where
 * they differ). Call only after the rules across variables found no problem.
 */
export function buildConfig(s: Settings, warnings: readonly string[] = []): Config {
  const url = s.OMSDESK_BROKER_URL;
  const credentials: BrokerCredentials = defined({
    userId: s.OMSDESK_USER_ID,
    accountId: s.OMSDESK_ACCOUNT_ID,
    password: s.OMSDESK_PASSWORD,
    apiKey: s.OMSDESK_API_KEY,
    vendorCode: s.OMSDESK_VENDOR_CODE,
    totpSecret: s.OMSDESK_TOTP_SECRET,
    dobOrPan: s.OMSDESK_DOB_OR_PAN,
  });
  const common = {
    generation: s.OMSDESK_API_GENERATION,
    timeouts: { requestMs: s.OMSDESK_REQUEST_TIMEOUT_MS, connectMs: s.OMSDESK_CONNECT_TIMEOUT_MS },
    freshness: {
      quotes: s.OMSDESK_FRESH_QUOTES_MS,
      books: s.OMSDESK_FRESH_BOOKS_MS,
      limits: s.OMSDESK_FRESH_LIMITS_MS,
      security: s.OMSDESK_FRESH_SECURITY_MS,
    },
    ...defined({ instrumentsFile: s.OMSDESK_INSTRUMENTS_FILE, instrumentsUrl: s.OMSDESK_INSTRUMENTS_URL }),
  };
  const broker: BrokerConfig =
    url === undefined
      ? { mode: 'paper', credentials, ...common }
      : { mode: 'live', url, credentials: credentials as LiveCredentials, ...common };
  return {
    dataDir: s.OMSDESK_DATA_DIR,
    broker,
    sim: {
      seed: s.OMSDESK_SIM_SEED,
      hours: s.OMSDESK_SIM_HOURS,
      port: s.OMSDESK_SIM_PORT,
      ...defined({ statePath: s.OMSDESK_SIM_STATE }),
    },
    policy: {
      readOnly: s.OMSDESK_READ_ONLY,
      maxOrderValue: s.OMSDESK_MAX_ORDER_VALUE,
      maxOrderQuantity: s.OMSDESK_MAX_ORDER_QUANTITY,
      maxDailyOrders: s.OMSDESK_MAX_DAILY_ORDERS,
      maxDailyValue: s.OMSDESK_MAX_DAILY_VALUE,
      allowedExchanges: s.OMSDESK_ALLOWED_EXCHANGES,
      allowedProducts: s.OMSDESK_ALLOWED_PRODUCTS,
      killSwitchFile: s.OMSDESK_KILL_SWITCH_FILE,
      haltCancels: s.OMSDESK_HALT_CANCELS,
      marketHours: s.OMSDESK_MARKET_HOURS,
      holidays: s.OMSDESK_HOLIDAYS,
    },
    gate: {
      confirm: s.OMSDESK_CONFIRM,
      allowToolConfirmLive: s.OMSDESK_ALLOW_TOOL_CONFIRM_LIVE,
      ticketTtlSeconds: s.OMSDESK_TICKET_TTL_SECONDS,
      maxPriceDriftPct: s.OMSDESK_MAX_PRICE_DRIFT_PCT,
      maxPriceDriftTicks: s.OMSDESK_MAX_PRICE_DRIFT_TICKS,
      watchIntervalMs: s.OMSDESK_WATCH_INTERVAL_MS,
    },
    audit: { path: s.OMSDESK_AUDIT_LOG, ...defined({ keyFile: s.OMSDESK_AUDIT_KEY_FILE }) },
    mcp: {
      host: s.OMSDESK_MCP_HOST,
      port: s.OMSDESK_MCP_PORT,
      allowedOrigins: s.OMSDESK_MCP_ALLOWED_ORIGINS,
      ...defined({ token: s.OMSDESK_MCP_TOKEN }),
    },
    health: { host: s.OMSDESK_HEALTH_HOST, ...defined({ port: s.OMSDESK_HEALTH_PORT }) },
    ...defined({ discord: discordConfig(s), signIn: signInConfig(s) }),
    log: { level: s.OMSDESK_LOG_LEVEL, ...defined({ format: s.OMSDESK_LOG_FORMAT }) },
    warnings,
  };
}

/** The Discord desk's settings, when a token is set (the rules guarantee the ids it needs). */
function discordConfig(s: Settings): DiscordConfig | undefined {
  if (s.DISCORD_TOKEN === undefined) return undefined;
  return {
    token: s.DISCORD_TOKEN,
    applicationId: s.DISCORD_APPLICATION_ID ?? '',
    guildId: s.DISCORD_GUILD_ID ?? '',
    apiUrl: s.DISCORD_API_URL,
    approvers: s.OMSDESK_DISCORD_APPROVERS,
    fourEyes: s.OMSDESK_DISCORD_FOUR_EYES,
    ...defined({
      approvalsChannel: s.OMSDESK_DISCORD_APPROVALS_CHANNEL,
      monitorChannel: s.OMSDESK_DISCORD_MONITOR_CHANNEL,
    }),
  };
}

/** Sign-in's settings, when a public URL is set; Discord's part when its application and secret are. */
function signInConfig(s: Settings): SignInConfig | undefined {
  if (s.OMSDESK_PUBLIC_URL === undefined) return undefined;
  const id = s.DISCORD_APPLICATION_ID;
  const secret = s.DISCORD_CLIENT_SECRET;
  return {
    publicUrl: s.OMSDESK_PUBLIC_URL,
    ...(id === undefined || secret === undefined
      ? {}
      : {
          discord: {
            applicationId: id,
            clientSecret: secret,
            authorizeUrl: s.DISCORD_OAUTH_AUTHORIZE_URL,
            apiUrl: s.DISCORD_API_URL,
          },
        }),
  };
}
