import type { BrokerError } from '../errors.js';
import { isBrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import { type AbortSource, type LinkedSignal, linkedSignal, onAbort } from '../transport/signals.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';

/**
 * What bounds one call: the caller's signal and the client's lifetime, and a deadline on the client's
 * clock. It hooks those signals only while something waits on them, and makes a signal of its own only
 * for work that needs one (a retry's sleep); `end` releases everything.
 */
export class Scope implements AbortSource {
  readonly deadlineAt: number;
  /** The caller's own signal, if any: enough to stop waiting for a login, which stops itself on close. */
  readonly caller: AbortSignal | undefined;
  readonly #lifetime: AbortSignal;
  #linked: LinkedSignal | undefined;

  constructor(lifetime: AbortSignal, caller: AbortSignal | undefined, deadlineAt: number) {
    this.#lifetime = lifetime;
    this.caller = caller;
    this.deadlineAt = deadlineAt;
  }

  get aborted(): boolean {
    return this.#lifetime.aborted || this.caller?.aborted === true;
  }

  get reason(): unknown {
    if (this.caller?.aborted) return this.caller.reason;
    return this.#lifetime.aborted ? this.#lifetime.reason : undefined;
  }

  onAbort(listener: () => void): () => void {
    const { caller } = this;
    if (caller === undefined) return onAbort(this.#lifetime, listener);
    let offs: Array<() => void> = [];
    const off = (): void => {
      for (const each of offs) each();
      offs = [];
    };
    const once = (): void => {
      off();
      listener();
    };
    offs = [onAbort(this.#lifetime, once), onAbort(caller, once)];
    return off;
  }

  /** A signal that aborts with the call, made on first use and released by `end`. */
  get signal(): AbortSignal {
    this.#linked ??= linkedSignal(this);
    return this.#linked.signal;
  }

  /** The call is over: nothing of it stays hooked on the caller's signal or the client's lifetime. */
  end(): void {
    this.#linked?.dispose();
  }
}

/** The error for a call stopped by an abort: the client closing, or the caller. */
export function abortError(ctx: ClientContext, label: string, endpoint?: string): BrokerError {
  const note = ctx.closed.aborted ? 'The client is closed' : 'Cancelled by the caller';
  return brokerError('ABORTED', { label, note, ...(endpoint === undefined ? {} : { endpoint }) });
}

/** Runs a wait that an abort may interrupt, turning the abort into `ABORTED`. */
export async function abortable<T>(
  ctx: ClientContext,
  label: string,
  signal: { readonly aborted: boolean },
  work: Promise<T>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (signal.aborted && !isBrokerError(error)) throw abortError(ctx, label);
    throw error;
  }
}

/** The call's scope (caller and client lifetime) and its deadline on the client's clock; `end` it after. */
export function callScope(ctx: ClientContext, call: CallOptions | undefined): Scope {
  return new Scope(ctx.closed, call?.signal, ctx.clock.now() + (call?.timeoutMs ?? ctx.timeouts.callMs));
}
