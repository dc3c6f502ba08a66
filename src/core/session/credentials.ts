/** What login needs. Second generation: `totpSecret` (or a `totp` code source); first: `dobOrPan`. */
export interface BrokerCredentials {
  readonly userId: string;
  /** The account sent as `actid` when it differs from what the login answers (default: the login's `actid`). */
  readonly accountId?: string;
  readonly password: string;
  readonly apiKey: string;
  readonly vendorCode: string;
  /** Base32 secret shown when two-factor login was enabled; codes are generated per RFC 6238. */
  readonly totpSecret?: string;
  /** Alternative to `totpSecret`: supplies a current code (from an authenticator the caller owns). */
  readonly totp?: () => string | Promise<string>;
  /** First-generation second factor: date of birth `DDMMYYYY` or PAN. */
  readonly dobOrPan?: string;
}

/** What is missing from the credentials for a generation's login; empty when complete. */
export function credentialProblems(credentials: BrokerCredentials, generation: 'v1' | 'v2'): string[] {
  const problems: string[] = [];
  for (const name of ['userId', 'password', 'apiKey', 'vendorCode'] as const) {
    if (typeof credentials[name] !== 'string' || credentials[name].trim() === '')
      problems.push(`${name} is required`);
  }
  if (generation === 'v2' && credentials.totpSecret === undefined && credentials.totp === undefined) {
    problems.push('totpSecret (or a totp code source) is required for the second-generation login');
  }
  if (generation === 'v1' && (credentials.dobOrPan ?? '').trim() === '') {
    problems.push('dobOrPan (date of birth DDMMYYYY or PAN) is required for the first-generation login');
  }
  return problems;
}

/** The secret values among the credentials, to register with a redactor. */
export function credentialSecrets(credentials: BrokerCredentials): string[] {
  return [credentials.password, credentials.apiKey, credentials.totpSecret, credentials.dobOrPan].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
}
