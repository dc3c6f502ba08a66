import type { BrokerError } from '../errors.js';
import { isBrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import { type LinkedSignal, linkedSignal } from '../transport/signals.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';

/**
 * What bounds one call: the caller's signal, the client's lifetime, and a deadline on the client's
 * clock. Each wait hooks what it needs (the caller's signal; the client stops its own waits when it
 * closes); a signal of the call's own is made only for work that needs one (a retry's sleep).
 */
export class Scope {
  readonly deadlineAt: number;
  /** The caller's own signal, if any. */
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

  /** A signal that aborts with the call, made on first use and released by `end`. */
  get signal(): AbortSignal {
    this.#linked ??= linkedSignal(this.caller, this.#lifetime);
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

/** When a call given `call` must be over, on the client's clock. */
export function deadlineOf(ctx: ClientContext, call: CallOptions | undefined): number {
  return ctx.clock.now() + (call?.timeoutMs ?? ctx.timeouts.callMs);
}

/** The call's scope (caller and client lifetime) and its deadline on the client's clock; `end` it after. */
export function callScope(ctx: ClientContext, call: CallOptions | undefined, deadlineAt?: number): Scope {
  return new Scope(ctx.closed, call?.signal, deadlineAt ?? deadlineOf(ctx, call));
}
