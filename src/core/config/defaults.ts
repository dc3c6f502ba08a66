/** Caps with the embedded paper broker: generous, so practice is not hampered, yet finite. */
export const PAPER_CAPS = {
  maxOrderValue: 1_000_000,
  maxOrderQuantity: 10_000,
  maxDailyOrders: 500,
  maxDailyValue: 10_000_000,
} as const;

/** Caps against a live broker: small, so a first live order cannot be a large one by accident. */
export const LIVE_CAPS = {
  maxOrderValue: 100_000,
  maxOrderQuantity: 1_000,
  maxDailyOrders: 50,
  maxDailyValue: 500_000,
} as const;

/** Every other default of the configuration. */
export const DEFAULTS = {
  apiGeneration: 'v2',
  requestTimeoutMs: 10_000,
  connectTimeoutMs: 5_000,
  simSeed: 1,
  simHours: 'always',
  simPort: 0,
  allowedExchanges: ['NSE', 'BSE', 'NFO'],
  allowedProducts: ['C', 'M', 'I'],
  confirm: 'auto',
  allowToolConfirmLive: false,
  ticketTtlSeconds: 120,
  maxPriceDriftPct: 2,
  maxPriceDriftTicks: 10,
  watchIntervalMs: 2_000,
  dataDir: '.omsdesk',
  killSwitchFileName: 'KILL',
  auditLogFileName: 'audit.jsonl',
  mcpHost: '127.0.0.1',
  mcpPort: 8765,
  logLevel: 'info',
} as const;

/** Discord's REST base; tests point `DISCORD_API_URL` at a fake on loopback. */
export const DISCORD_API_DEFAULT = 'https://discord.com/api';

/** Values of the enumerated settings. */
export const API_GENERATIONS = ['v2', 'v1'] as const;
export const SIM_HOURS = ['always', 'real'] as const;
export const MARKET_HOURS_MODES = ['exchange', 'always'] as const;
export const CONFIRM_MODES = ['auto', 'elicit', 'discord', 'tool'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
