/** Real-length snowflakes (19 digits), increasing, so REST bucket routing treats them as ids. */
let next = 1_300_000_000_000_000_000n;

/** A fresh snowflake. */
export function snowflake(): string {
  next += 1n;
  return String(next);
}

/** The people and places of one fake server. */
export const GUILD_ID = '1200000000000000001';
export const APPLICATION_ID = '1200000000000000002';
export const BOT_ID = APPLICATION_ID;
export const APPROVALS_CHANNEL = '1200000000000000010';
export const TRADING_CHANNEL = '1200000000000000011';
export const MONITOR_CHANNEL = '1200000000000000012';
export const APPROVER_ROLE = '1200000000000000020';
export const OTHER_GUILD_ID = '1200000000000000099';

/** A user of the fake server. */
export interface FakeUser {
  readonly id: string;
  readonly username: string;
  readonly roles: readonly string[];
}

/** Approves by user id. */
export const ALICE: FakeUser = { id: '1200000000000000101', username: 'alice', roles: [] };
/** Approves by role. */
export const BOB: FakeUser = { id: '1200000000000000102', username: 'bob', roles: [APPROVER_ROLE] };
/** Asks, never approves. */
export const CAROL: FakeUser = { id: '1200000000000000103', username: 'carol', roles: [] };

/** A token shaped like a bot token; made up, it opens nothing. */
export const BOT_TOKEN = 'MTIwMDAwMDAwMDAwMDAwMDAwMg.GfAkEd.fake-token-for-tests-only-0123456789ab';
