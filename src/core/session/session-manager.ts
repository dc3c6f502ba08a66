import { abortReason } from '../clock.js';
import type { Redactor } from '../redact.js';
import { raceSignal } from '../transport/signals.js';
import type { Session, SessionStore } from './store.js';

/** Performs one login; the manager decides when. */
export type LoginPerformer = (signal: AbortSignal) => Promise<Session>;

/**
 * Owns the session: reads it from the store, logs in when there is none, and makes concurrent callers
 * share one login (single flight). A caller's abort stops its own wait, not the shared login.
 */
export class SessionManager {
  readonly #login: LoginPerformer;
  readonly #store: SessionStore;
  readonly #redactor: Redactor;
  readonly #lifetime: AbortSignal;
  #inflight: Promise<Session> | undefined;

  constructor(login: LoginPerformer, store: SessionStore, redactor: Redactor, lifetime: AbortSignal) {
    this.#login = login;
    this.#store = store;
    this.#redactor = redactor;
    this.#lifetime = lifetime;
  }

  /** The stored session, or a fresh login when there is none. */
  async current(signal?: AbortSignal): Promise<Session> {
    if (this.#inflight === undefined) {
      const stored = await this.#store.get();
      if (stored !== undefined) {
        this.#redactor.add(stored.key);
        return stored;
      }
    }
    return this.refresh(signal);
  }

  /** Logs in now (joining a login already under way); a caller that has already given up starts none. */
  refresh(signal?: AbortSignal): Promise<Session> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.#inflight === undefined) {
      const run = async (): Promise<Session> => {
        const session = await this.#login(this.#lifetime);
        this.#redactor.add(session.key);
        await this.#store.set(session);
        return session;
      };
      this.#inflight = run().finally(() => {
        this.#inflight = undefined;
      });
      // Every caller gets the failure through its own race; a login all of them left must not go unhandled.
      this.#inflight.catch(() => {});
    }
    return raceSignal(this.#inflight, signal);
  }

  /** Forgets the session whose key failed, unless a newer one already replaced it. */
  async expire(failedKey: string): Promise<void> {
    const stored = await this.#store.get();
    if (stored?.key === failedKey) await this.#store.clear();
  }
}
