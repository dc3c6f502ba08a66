import type { FakeMessage } from './payloads.js';

/**
 * How channel message calls fail while Discord is down: a 503 answer, the connection dropped, or no
 * answer at all until the outage changes (then a 503).
 */
export type Outage = 'error' | 'drop' | 'hang';

/** Discord's window for `enforce_nonce`: "the past few minutes". */
const NONCE_WINDOW_MS = 5 * 60_000;

/**
 * Remembers the messages created with `enforce_nonce`: the same nonce from the same author within the
 * window gets the first message back instead of a new one, as Discord does.
 */
export class NonceMemory {
  readonly #seen = new Map<string, { message: FakeMessage; at: number }>();
  readonly #windowMs: number;

  constructor(windowMs = NONCE_WINDOW_MS) {
    this.#windowMs = windowMs;
  }

  /** The message already created under this nonce by this author, if within the window. */
  find(author: string, nonce: string): FakeMessage | undefined {
    const seen = this.#seen.get(`${author}:${nonce}`);
    return seen && Date.now() - seen.at <= this.#windowMs ? seen.message : undefined;
  }

  remember(author: string, nonce: string, message: FakeMessage): void {
    this.#seen.set(`${author}:${nonce}`, { message, at: Date.now() });
  }

  /** As when the window has passed for every nonce seen so far. */
  forget(): void {
    this.#seen.clear();
  }
}

/** The failures a test arranges on channel message calls. */
export class ChannelFaults {
  /** While set, every channel call fails this way. */
  outage: Outage | undefined;
  /** The next posts answering 429. */
  postLimits = 0;
  /** The next edits answering 429. */
  editLimits = 0;
  /** The next posts whose message is created but whose answer is lost (the connection drops). */
  lostAnswers = 0;

  /** True (and counted) when this call is to be rate limited. */
  limit(method: string, create: boolean): boolean {
    if (create && method === 'POST' && this.postLimits > 0) {
      this.postLimits -= 1;
      return true;
    }
    if (!create && method === 'PATCH' && this.editLimits > 0) {
      this.editLimits -= 1;
      return true;
    }
    return false;
  }

  /** True (and counted) when this post's answer is to be lost. */
  loseAnswer(): boolean {
    if (this.lostAnswers === 0) return false;
    this.lostAnswers -= 1;
    return true;
  }
}
