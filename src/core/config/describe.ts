import { REDACTED, Redactor } from '../redact.js';
import type { Config } from './types.js';

const mark = (value: string | undefined): string => (value === undefined ? 'not set' : REDACTED);

/** Every secret value of a configuration (credentials, the MCP token, the Discord bot token and client secret). */
export function configSecrets(config: Config): string[] {
  const c = config.broker.credentials;
  return [
    c.password,
    c.apiKey,
    c.totpSecret,
    c.dobOrPan,
    config.mcp.token,
    config.discord?.token,
    config.signIn?.discord?.clientSecret,
  ].filter((s): s is string => s !== undefined);
}

/** A redactor that knows the configuration's secrets, for logs and error messages. */
export function configRedactor(config: Config): Redactor {
  const redactor = new Redactor();
  redactor.add(...configSecrets(config));
  return redactor;
}

/**
 * The configuration as it may be printed (`omsdesk config`, start-up logs): secrets shown as
 * `[redacted]` when set and `not set` otherwise, and any secret value found elsewhere removed too.
 */
export function describeConfig(config: Config): Record<string, unknown> {
  const c = config.broker.credentials;
  const view = {
    ...config,
    broker: {
      ...config.broker,
      credentials: {
        ...c,
        password: mark(c.password),
        apiKey: mark(c.apiKey),
        totpSecret: mark(c.totpSecret),
        dobOrPan: mark(c.dobOrPan),
      },
    },
    mcp: { ...config.mcp, token: mark(config.mcp.token) },
    ...(config.discord === undefined ? {} : { discord: { ...config.discord, token: REDACTED } }),
    ...(config.signIn?.discord === undefined
      ? {}
      : { signIn: { ...config.signIn, discord: { ...config.signIn.discord, clientSecret: REDACTED } } }),
  };
  return configRedactor(config).value(view);
}
