import { type Config, ConfigError, loadConfig } from '../../../src/core/config/index.js';

/** Credentials of a live second-generation login (fake values, shaped like real ones). */
export const LIVE_ENV = {
  OMSDESK_BROKER_URL: 'https://api.broker.example/',
  OMSDESK_USER_ID: 'FA12345',
  OMSDESK_PASSWORD: 'Pa55word!live',
  OMSDESK_API_KEY: 'ak_9f8e7d6c5b4a39281706',
  OMSDESK_VENDOR_CODE: 'FA12345_U',
  OMSDESK_TOTP_SECRET: 'JBSWY3DPEHPK3PXPJBSWY3DP',
} as const;

/** The problems `loadConfig` throws for these sources, as `VARIABLE: message` lines. */
export function problems(env: Record<string, string | undefined>, dotenv?: string): string[] {
  try {
    loadConfig(dotenv === undefined ? { env } : { env, dotenv });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.variable}: ${p.message}`);
    throw error;
  }
  return [];
}

/** The configuration for these sources (fails the test on a problem). */
export function config(env: Record<string, string | undefined>, dotenv?: string): Config {
  return loadConfig(dotenv === undefined ? { env } : { env, dotenv });
}
