import type { z } from 'zod';
import { type Decoded, decodeResponse } from '../decode/index.js';
import { FieldError } from '../domain/values.js';
import { type BrokerError, isBrokerError } from '../errors.js';
import { brokerError } from '../failures.js';
import type { Session } from '../session/store.js';
import type { RateSlot } from '../transport/rate-limiter.js';
import { backoffDelay, RETRYABLE_READ_CODES } from '../transport/retry.js';
import type { EndpointDef, EndpointName } from '../vocabulary/index.js';
import { abortable, type Scope } from './call-scope.js';
import type { ClientContext } from './context.js';
import { type Exchanged, exchange } from './exchange.js';
import type { CallOptions } from './options.js';
import { placementFailure } from './placement-failure.js';
import { prepare, type Route } from './prepare.js';
import type { ReadResult, ShareKey } from './shared-reads.js';
import { sessionBody } from './validate.js';

/**
 * How a call's body is built, per attempt so a re-login sends the new session key: `fields` after the
 * session fields (most calls), or `body` for anything else.
 */
export type BodySpec =
  | { readonly fields: object; readonly body?: undefined }
  | { readonly body: (session: Session | undefined) => object; readonly fields?: undefined };

/** One call: its endpoint, how its body is built, and how its answer is read. */
export type RequestSpec<T, R> = BodySpec & {
  readonly endpoint: EndpointName;
  /** The operation, for messages and logs (`getQuote`). */
  readonly label: string;
  readonly schema: z.ZodType<T>;
  /** Turns the decoded answer into the domain result (a `FieldError` becomes `INVALID_RESPONSE`). */
  readonly map: (decoded: Decoded<T>, session: Session | undefined) => R;
  /** What "no data" means for this call. Default `notFound`. */
  readonly noData?: 'empty' | 'notFound';
  /** The order's `remarks` tag, carried by any error of a placement. */
  readonly tag?: string;
  /** For a multi-order call: every order's tag. */
  readonly tags?: readonly string[];
  /** A read people may share: identical ones in flight are joined, recent answers given again. */
  readonly share?: ShareKey;
  readonly call?: CallOptions | undefined;
};

/** How an attempt ended; `final` failures (the login, the client-side limit) are not worth another attempt. */
type Attempt<R> =
  | { readonly ok: true; readonly value: R; readonly sentAt: number }
  | {
      readonly ok: false;
      readonly error: BrokerError;
      readonly maybeSent: boolean;
      readonly final: boolean;
      readonly session?: Session | undefined;
    };

/** One attempt: a session and a rate slot, then the request, told to the client's observer. */
async function attempt<T, R>(
  ctx: ClientContext,
  spec: RequestSpec<T, R>,
  def: EndpointDef,
  scope: Scope,
  route: Route,
): Promise<Attempt<R>> {
  const prepared = await prepare(ctx, def, spec.label, scope, route);
  if (prepared.error !== undefined)
    return { ok: false, error: prepared.error, maybeSent: false, final: true };
  const sentAt = ctx.clock.now();
  const result = await sendOnce(ctx, spec, def, scope, route, prepared, sentAt);
  ctx.observer.exchanged({
    endpoint: spec.endpoint,
    lane: route.lane,
    outcome: result.ok ? 'OK' : result.error.code,
    ms: ctx.clock.now() - sentAt,
  });
  return result;
}

async function sendOnce<T, R>(
  ctx: ClientContext,
  spec: RequestSpec<T, R>,
  def: EndpointDef,
  scope: Scope,
  route: Route,
  { session, slot }: { readonly session: Session | undefined; readonly slot: RateSlot },
  sentAt: number,
): Promise<Attempt<R>> {
  const { label } = spec;
  let sent: Exchanged;
  try {
    const body = spec.fields === undefined ? spec.body(session) : sessionBody(session, spec.fields);
    sent = await exchange(ctx, def, label, body, scope, route);
  } finally {
    // The broker counted the request no later than now: its window starts here.
    slot.release();
  }
  if (sent.response === undefined)
    return { ok: false, error: sent.error, maybeSent: sent.maybeSent, final: false, session };
  const { response } = sent;
  // A session key in an answer we cannot parse is still a secret: known before anything is reported.
  ctx.redactor.harvest(response.text);
  ctx.logger.debug('broker answered', { operation: label, endpoint: def.path, httpStatus: response.status });
  try {
    const input = {
      response,
      schema: spec.schema,
      label,
      endpoint: def.path,
      noData: spec.noData ?? 'notFound',
      secretAnswer: def.secretAnswer === true,
    };
    const decoded = decodeResponse(def.family, input, ctx.clock.now());
    const raw = ctx.redactor.json(decoded.raw, response.text);
    // A secret in the body reaches the mapped entries (and their raw copies) too, unless the value is cleaned
    // as well; a login's own answer keeps its session key, which the session needs.
    const clean =
      raw === decoded.raw
        ? decoded
        : decoded.kind === 'ok' && def.secretAnswer !== true
          ? { ...decoded, raw, value: ctx.redactor.value(decoded.value) }
          : { ...decoded, raw };
    return { ok: true, value: spec.map(clean, session), sentAt };
  } catch (error) {
    if (error instanceof FieldError) {
      const issues = [error.issue];
      const invalid = brokerError('INVALID_RESPONSE', {
        label,
        endpoint: def.path,
        httpStatus: response.status,
        issues,
      });
      return { ok: false, error: invalid, maybeSent: true, final: true };
    }
    if (!isBrokerError(error)) throw error;
    return { ok: false, error, maybeSent: true, final: false, session };
  }
}

/**
 * One call's attempts. A session failure logs in again and resends once (for an order too: that answer
 * proves it never reached the OMS). Reads retry network errors, 5xx, timeouts and rate limits with
 * backoff; order-placing calls never retry.
 */
export async function send<T, R>(
  ctx: ClientContext,
  spec: RequestSpec<T, R>,
  def: EndpointDef,
  route: Route,
  scope: Scope,
): Promise<ReadResult<R>> {
  let relogged = false;
  for (let failed = 0; ; ) {
    const result = await attempt(ctx, spec, def, scope, route);
    if (result.ok) return result;
    const { error, session } = result;
    if (error.code === 'SESSION_EXPIRED' && session !== undefined && !relogged) {
      relogged = true;
      ctx.logger.info('session key refused; logging in again and resending once', {
        operation: spec.label,
      });
      await ctx.session.expire(session.key);
      continue;
    }
    if (error.code === 'RATE_LIMITED' && !result.final) {
      // The broker is over its limit for us: no call of this category goes before it says.
      ctx.limiter.holdUntil(def.rate, ctx.clock.now() + (error.retryAfterMs ?? ctx.retry.baseDelayMs));
    }
    if (def.places) throw placementFailure(error, result.maybeSent, spec);
    failed += 1;
    const retryable = !result.final && RETRYABLE_READ_CODES.has(error.code);
    const wait = retryable ? backoffDelay(ctx.retry, failed, error.retryAfterMs) : undefined;
    if (wait === undefined || ctx.clock.now() + wait > scope.deadlineAt) throw error;
    ctx.logger.warn('retrying read', {
      operation: spec.label,
      code: error.code,
      attempt: failed + 1,
      waitMs: wait,
    });
    await abortable(ctx, spec.label, scope, ctx.clock.sleep(wait, scope.signal));
  }
}
