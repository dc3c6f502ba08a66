export { buildConfig } from './build.js';
export {
  API_GENERATIONS,
  CONFIRM_MODES,
  DISCORD_API_DEFAULT,
  DISCORD_AUTHORIZE_DEFAULT,
  LOG_FORMATS,
  LOG_LEVELS,
  MARKET_HOURS_MODES,
  SIM_HOURS,
} from './choices.js';
export { configRedactor, configSecrets, describeConfig } from './describe.js';
export {
  configEnvExample,
  configVariablesMarkdown,
  type RegistryVariable,
  registryVariables,
} from './docs.js';
export { type DotenvResult, parseDotenv } from './dotenv.js';
export { ConfigError, type ConfigProblem, isConfigError } from './errors.js';
export { type ConfigSources, loadConfig } from './load.js';
export { type ReadFile, requireStdioPerson } from './people-rules.js';
export { brokerMode, type Parsed, settle } from './settle.js';
export type {
  BrokerConfig,
  BrokerCredentials,
  Config,
  DiscordConfig,
  DiscordSignInConfig,
  GateConfig,
  HealthConfig,
  LiveBrokerConfig,
  LiveCredentials,
  McpConfig,
  PaperBrokerConfig,
  PeopleConfig,
  PolicyConfig,
  SignInConfig,
  SimConfig,
} from './types.js';
export { shownDefault, type VariableDeclaration } from './variable.js';
export {
  CONFIG_VARIABLES,
  type ConfigVariable,
  type ConfigVariableName,
  SECRET_VARIABLES,
  type Settings,
} from './variables.js';
