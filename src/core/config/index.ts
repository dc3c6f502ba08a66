export { buildConfig } from './build.js';
export {
  API_GENERATIONS,
  CONFIRM_MODES,
  DEFAULTS,
  DISCORD_API_DEFAULT,
  LIVE_CAPS,
  LOG_LEVELS,
  MARKET_HOURS_MODES,
  PAPER_CAPS,
  SIM_HOURS,
} from './defaults.js';
export { configRedactor, configSecrets, describeConfig } from './describe.js';
export { type DotenvResult, parseDotenv } from './dotenv.js';
export { ConfigError, type ConfigProblem, isConfigError } from './errors.js';
export { isLoopback } from './formats.js';
export { type ConfigSources, loadConfig } from './load.js';
export { configVariablesMarkdown } from './markdown.js';
export { CONFIG_SCHEMA, type ParsedVariables } from './schema.js';
export type {
  BrokerConfig,
  BrokerCredentials,
  Config,
  DiscordConfig,
  GateConfig,
  LiveBrokerConfig,
  LiveCredentials,
  McpConfig,
  PaperBrokerConfig,
  PolicyConfig,
  SimConfig,
} from './types.js';
export {
  CONFIG_VARIABLES,
  type ConfigVariable,
  type ConfigVariableName,
  SECRET_VARIABLES,
} from './variables.js';
