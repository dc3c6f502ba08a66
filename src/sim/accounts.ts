import { createHash } from 'node:crypto';

/** A holding an account starts with (delivery shares in demat). */
export interface SeedHolding {
  readonly symbol: string; // the NSE symbol without -EQ, e.g. INFY
  readonly quantity: number;
  readonly averagePrice: number;
}

/** Credentials and starting funds of one simulated trading account. */
export interface SimAccountConfig {
  readonly userId: string;
  readonly accountId: string;
  readonly userName: string;
  readonly email: string;
  readonly password: string;
  readonly apiKey: string;
  readonly vendorCode: string;
  /** Base32 TOTP secret for second-generation login. */
  readonly totpSecret: string;
  /** Date of birth DDMMYYYY or PAN, for first-generation login. */
  readonly dobOrPan: string;
  readonly cash: number;
  readonly holdings: readonly SeedHolding[];
  readonly exchanges: readonly string[];
  readonly priceTypes: readonly string[];
}

/** The demo account that always exists, with the credentials the CLI prints. */
export const DEMO_ACCOUNT: SimAccountConfig = {
  userId: 'SIM001',
  accountId: 'SIM001',
  userName: 'SIM DEMO TRADER',
  email: 'demo@omsdesk.invalid',
  password: 'sim-pass',
  apiKey: 'sim-api-key',
  vendorCode: 'SIM001_API',
  totpSecret: 'JBSWY3DPEHPK3PXP',
  dobOrPan: '01011990',
  cash: 1_000_000,
  holdings: [
    { symbol: 'INFY', quantity: 40, averagePrice: 1420 },
    { symbol: 'ITC', quantity: 200, averagePrice: 405.5 },
    { symbol: 'HDFCBANK', quantity: 25, averagePrice: 1580 },
  ],
  exchanges: ['NSE', 'NFO', 'BSE', 'NIPO'],
  priceTypes: ['LMT', 'MKT', 'SL-LMT', 'SL-MKT'],
};

/** A password as sent: the plain text, or (newer API versions) its SHA-256 hex digest. */
export function passwordMatches(account: SimAccountConfig, sent: string): boolean {
  const digest = createHash('sha256').update(account.password).digest('hex');
  return sent === account.password || sent.toLowerCase() === digest;
}

/** Builds an account from partial settings on top of the demo account's defaults. */
export function accountConfig(
  partial: Partial<SimAccountConfig> & Pick<SimAccountConfig, 'userId'>,
): SimAccountConfig {
  return { ...DEMO_ACCOUNT, accountId: partial.userId, holdings: [], ...partial };
}
