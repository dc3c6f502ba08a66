/** Values of the enumerated settings. */
export const API_GENERATIONS = ['v2', 'v1'] as const;
export const SIM_HOURS = ['always', 'real'] as const;
export const MARKET_HOURS_MODES = ['exchange', 'always'] as const;
export const CONFIRM_MODES = ['auto', 'elicit', 'discord', 'tool', 'web'] as const;
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export const LOG_FORMATS = ['json', 'text'] as const;

/** Discord's REST base; tests point `DISCORD_API_URL` at a fake on loopback. */
export const DISCORD_API_DEFAULT = 'https://discord.com/api';

/** Discord's sign-in page; tests point `DISCORD_OAUTH_AUTHORIZE_URL` at a fake on loopback. */
export const DISCORD_AUTHORIZE_DEFAULT = 'https://discord.com/oauth2/authorize';
