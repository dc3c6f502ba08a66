import type { BrokerError } from '../errors.js';
import { isBrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import { anySignal } from '../transport/signals.js';
import type { ClientContext } from './context.js';
import type { CallOptions } from './options.js';

/** What bounds one call: the caller's signal with the client's lifetime, and a deadline on the client's clock. */
export interface Scope {
  readonly signal: AbortSignal;
  readonly deadlineAt: number;
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
  signal: AbortSignal,
  work: Promise<T>,
): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (signal.aborted && !isBrokerError(error)) throw abortError(ctx, label);
    throw error;
  }
}

/** The call's combined signal (caller and client lifetime) and its deadline on the client's clock. */
export function callScope(ctx: ClientContext, call: CallOptions | undefined): Scope {
  return {
    signal: anySignal(call?.signal, ctx.closed),
    deadlineAt: ctx.clock.now() + (call?.timeoutMs ?? ctx.timeouts.callMs),
  };
}
