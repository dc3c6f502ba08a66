import type { z } from 'zod';
import { EXCHANGES, PRODUCTS } from '../vocabulary/index.js';
import { API_GENERATIONS, CONFIRM_MODES, LOG_LEVELS, MARKET_HOURS_MODES, SIM_HOURS } from './defaults.js';
import { discordApiUrl, discordTokenProblem, snowflake, snowflakes } from './discord-formats.js';
import {
  bool,
  type Field,
  integer,
  listOf,
  oneOf,
  port,
  positiveInteger,
  positiveNumber,
  secret,
  text,
} from './fields.js';
import { base32Problem, brokerUrl, dates, host, mastersLocation, origins, tokenProblem } from './formats.js';
import type { ConfigVariableName } from './variables.js';

/**
 * The product's configuration schema: one zod schema per variable, each turning its text (or nothing)
 * into a typed value (or undefined, which means "use the default"). Defaults that depend on other
 * variables, and rules across variables, are applied after parsing (see `buildConfig`).
 */
export const CONFIG_SCHEMA = {
  OMSDESK_BROKER_URL: brokerUrl(),
  OMSDESK_API_GENERATION: oneOf(API_GENERATIONS),
  OMSDESK_USER_ID: text(),
  OMSDESK_PASSWORD: secret(),
  OMSDESK_API_KEY: secret(),
  OMSDESK_VENDOR_CODE: text(),
  OMSDESK_TOTP_SECRET: secret(base32Problem),
  OMSDESK_DOB_OR_PAN: secret(),
  OMSDESK_ACCOUNT_ID: text(),
  OMSDESK_REQUEST_TIMEOUT_MS: positiveInteger(),
  OMSDESK_CONNECT_TIMEOUT_MS: positiveInteger(),
  OMSDESK_INSTRUMENTS_FILE: text(),
  OMSDESK_INSTRUMENTS_URL: mastersLocation(),
  OMSDESK_SIM_SEED: integer(Number.MIN_SAFE_INTEGER),
  OMSDESK_SIM_HOURS: oneOf(SIM_HOURS),
  OMSDESK_SIM_STATE: text(),
  OMSDESK_SIM_PORT: port(),
  OMSDESK_READ_ONLY: bool(),
  OMSDESK_MAX_ORDER_VALUE: positiveNumber(),
  OMSDESK_MAX_ORDER_QUANTITY: positiveInteger(),
  OMSDESK_MAX_DAILY_ORDERS: positiveInteger(),
  OMSDESK_MAX_DAILY_VALUE: positiveNumber(),
  OMSDESK_ALLOWED_EXCHANGES: listOf(EXCHANGES, 'exchange'),
  OMSDESK_ALLOWED_PRODUCTS: listOf(PRODUCTS, 'product'),
  OMSDESK_KILL_SWITCH_FILE: text(),
  OMSDESK_MARKET_HOURS: oneOf(MARKET_HOURS_MODES),
  OMSDESK_HOLIDAYS: dates(),
  OMSDESK_CONFIRM: oneOf(CONFIRM_MODES),
  OMSDESK_ALLOW_TOOL_CONFIRM_LIVE: bool(),
  OMSDESK_TICKET_TTL_SECONDS: positiveInteger(),
  OMSDESK_MAX_PRICE_DRIFT_PCT: positiveNumber(),
  OMSDESK_MAX_PRICE_DRIFT_TICKS: positiveInteger(),
  OMSDESK_WATCH_INTERVAL_MS: integer(250, 600_000, 'a number of milliseconds from 250 to 600000'),
  OMSDESK_AUDIT_LOG: text(),
  OMSDESK_AUDIT_KEY_FILE: text(),
  OMSDESK_DATA_DIR: text(),
  OMSDESK_MCP_HOST: host(),
  OMSDESK_MCP_PORT: port(),
  OMSDESK_MCP_TOKEN: secret(tokenProblem),
  OMSDESK_MCP_ALLOWED_ORIGINS: origins(),
  DISCORD_TOKEN: secret(discordTokenProblem),
  DISCORD_APPLICATION_ID: snowflake(),
  DISCORD_GUILD_ID: snowflake(),
  DISCORD_API_URL: discordApiUrl(),
  OMSDESK_DISCORD_APPROVERS: snowflakes(),
  OMSDESK_DISCORD_APPROVALS_CHANNEL: snowflake(),
  OMSDESK_DISCORD_MONITOR_CHANNEL: snowflake(),
  OMSDESK_DISCORD_FOUR_EYES: bool(),
  OMSDESK_LOG_LEVEL: oneOf(LOG_LEVELS),
} satisfies Record<ConfigVariableName, Field<unknown>>;

/** The variables as parsed: each value typed, undefined when not set. */
export type ParsedVariables = {
  readonly [K in keyof typeof CONFIG_SCHEMA]: z.output<(typeof CONFIG_SCHEMA)[K]>;
};
