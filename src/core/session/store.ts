/** A logged-in session; `key` is the session key (`susertoken`, sent as `jKey`) and is a secret. */
export interface Session {
  readonly key: string;
  readonly userId: string;
  readonly accountId: string;
  readonly userName: string;
  readonly email: string | undefined;
  /** Exchanges the account may trade (`exarr`). */
  readonly exchanges: readonly string[];
  /** Order types enabled for the account (`orarr`). */
  readonly orderTypes: readonly string[];
  readonly generation: 'v1' | 'v2';
  /** Epoch milliseconds of the login. */
  readonly createdAt: number;
  /** The login answer with the session key redacted. */
  readonly raw?: unknown;
}

type MaybePromise<T> = T | Promise<T>;

/** Where the session is kept between calls; the default keeps it in memory only (never on disk). */
export interface SessionStore {
  get(): MaybePromise<Session | undefined>;
  set(session: Session): MaybePromise<void>;
  clear(): MaybePromise<void>;
}

/** A store that holds the session in this process's memory. */
export function createMemorySessionStore(): SessionStore {
  let current: Session | undefined;
  return {
    get: () => current,
    set: (session) => {
      current = session;
    },
    clear: () => {
      current = undefined;
    },
  };
}
