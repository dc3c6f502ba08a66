import { randomBytes } from 'node:crypto';
import { DAY_MS } from '../core/vocabulary/index.js';
import { istDayStart } from './format.js';

/** A logged-in session: whose it is and when it stops working. */
export interface SimSession {
  readonly key: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

/**
 * Session keys the simulator has issued. A key works until the next daily cut-off (`HH:MM` IST,
 * midnight by default: the end of the trading day), like the real service's one-day keys.
 */
export class SessionRegistry {
  readonly #sessions = new Map<string, SimSession>();
  readonly #cutoffMs: number;

  constructor(cutoff = '00:00') {
    const m = /^(\d{2}):(\d{2})$/.exec(cutoff);
    const hours = Number(m?.[1]);
    const minutes = Number(m?.[2]);
    if (!m || hours > 23 || minutes > 59)
      throw new RangeError(`session cut-off must be HH:MM, got ${cutoff}`);
    this.#cutoffMs = (hours * 60 + minutes) * 60_000;
  }

  /** Issues a new key for `userId` at `now`. */
  issue(userId: string, now: number): SimSession {
    const key = randomBytes(32).toString('hex');
    const session = { key, userId, createdAt: now, expiresAt: this.#nextCutoff(now) };
    this.#sessions.set(key, session);
    return session;
  }

  /** The live session for a key (and user, when given), or undefined if unknown, expired or not theirs. */
  find(key: unknown, userId: unknown, now: number): SimSession | undefined {
    if (typeof key !== 'string') return undefined;
    const session = this.#sessions.get(key);
    if (!session) return undefined;
    if (now >= session.expiresAt) {
      this.#sessions.delete(key);
      return undefined;
    }
    if (typeof userId === 'string' && userId !== session.userId) return undefined;
    return session;
  }

  /** Ends every session at once (a fault tests use to exercise re-login). */
  expireAll(): number {
    const count = this.#sessions.size;
    this.#sessions.clear();
    return count;
  }

  /** The sessions to persist. */
  list(): SimSession[] {
    return [...this.#sessions.values()];
  }

  /** Restores persisted sessions. */
  restore(sessions: readonly SimSession[]): void {
    for (const s of sessions) this.#sessions.set(s.key, s);
  }

  #nextCutoff(now: number): number {
    const today = istDayStart(now) + this.#cutoffMs;
    return today > now ? today : today + DAY_MS;
  }
}
