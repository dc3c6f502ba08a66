import { randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock.js';

/** What a confirmation round handed to a 2026-07-28 client stands for: one ticket, as previewed. */
export interface Round {
  readonly ticketId: string;
  /** The ticket's hash: the approval is refused unless the ticket is still exactly that payload. */
  readonly hash: string;
  /** The tool whose call previewed it: a retry of another tool cannot answer it. */
  readonly tool: string;
  /** What that call asked for (`requestHash`): a retry asking for anything else cannot answer it. */
  readonly request: string;
  /** The ticket's expiry: the round ends with it. */
  readonly expiresAtMs: number;
  /** With a people file: whose round it is; another person's retry can neither answer nor use it up. */
  readonly person?: string;
  /** A link to the web desk (URL mode) rather than the form: the decision is made on the page. */
  readonly link?: boolean;
}

/** What taking a round's handle found. */
export type Taken =
  | { readonly kind: 'open'; readonly round: Round }
  | { readonly kind: 'used'; readonly round: Round }
  | { readonly kind: 'another' }
  | { readonly kind: 'unknown' };

interface Entry {
  readonly round: Round;
  used: boolean;
}

/** Most rounds remembered at once; the oldest go first (their tickets expire by themselves). */
const MAX_ROUNDS = 2_000;
/** How long a round is remembered after its ticket expired, so a late answer hears why it failed. */
const GRACE_MS = 10 * 60_000;

/**
 * The confirmation rounds of 2026-07-28 clients, held by the server. The client holds only an opaque
 * random handle (128 bits), so it can neither read nor forge what a handle stands for. A handle is taken
 * once: synchronously, before anything awaits, so concurrent retries of one round find it used. A round
 * is remembered a while after its ticket expired (the gate then refuses it), so a late answer or a replay
 * is told what became of the ticket.
 */
export class ConfirmRounds {
  readonly #entries = new Map<string, Entry>();

  constructor(private readonly clock: Clock) {}

  /** Opens a round and returns its handle, the `requestState` the client echoes with its answer. */
  open(round: Round): string {
    this.#sweep();
    while (this.#entries.size >= MAX_ROUNDS) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    const handle = randomBytes(16).toString('base64url');
    this.#entries.set(handle, { round, used: false });
    return handle;
  }

  /** True for a handle this server gave out and still remembers (used or not). */
  known(handle: string): boolean {
    return this.#entries.has(handle);
  }

  /**
   * Takes a round once: `open` the first time, `used` after, `unknown` for anything not given out, and
   * `another` (left untouched) when `person` is not whose round it is.
   */
  take(handle: string, person?: string): Taken {
    const entry = this.#entries.get(handle);
    if (entry === undefined) return { kind: 'unknown' };
    if (entry.round.person !== person) return { kind: 'another' };
    if (entry.used) return { kind: 'used', round: entry.round };
    entry.used = true;
    return { kind: 'open', round: entry.round };
  }

  #sweep(): void {
    const now = this.clock.now();
    for (const [handle, entry] of this.#entries) {
      if (entry.round.expiresAtMs + GRACE_MS <= now) this.#entries.delete(handle);
    }
  }
}
