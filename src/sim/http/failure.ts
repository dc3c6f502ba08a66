import { BROKER_TEXTS } from '../../core/vocabulary/index.js';
import { timeFirst } from '../format.js';

/** A refusal the simulator answers in the route's failure shape. */
export class SimFailure extends Error {
  override readonly name = 'SimFailure';
  /** HTTP status to answer with; the real service sends most failures with 200. */
  readonly status: number;
  /** For the limits family: `name` (INVALID_JKEY, INVALID_INPUT, API_RATE_LIMIT) and `error.field`. */
  readonly code: string;
  readonly field: string | undefined;

  constructor(text: string, options: { status?: number; code?: string; field?: string } = {}) {
    super(text);
    this.status = options.status ?? 200;
    this.code = options.code ?? 'INVALID_INPUT';
    this.field = options.field;
  }
}

/** The session failure: the limits family answers 401 `INVALID_JKEY`, the others a text. */
export function sessionFailure(text: string = BROKER_TEXTS.sessionExpired): SimFailure {
  return new SimFailure(text, { code: 'INVALID_JKEY', field: 'jKey' });
}

/**
 * How a route writes a failure, as the spec lists it per endpoint. `v1` `{stat, emsg}` (index list:
 * `request_time` only on success); `v1Time` adds `request_time` (span calculator, placement); `v1Camel`
 * adds `requestTime` (order history, trade book); `v1List` an array of one (candles); `v1Login`
 * `{detail}`; `v2` `{Status, data}`; `v2Time` adds `requestTime`; `v2Both` adds `requestTime` and the
 * text under `emsg` too (trade book: the spec shows both names); `limitsV3`/`limitsV4` the
 * `{status, code, name, error}` form; `multi` one failure object per order.
 */
export type FailureForm =
  | 'v1'
  | 'v1Time'
  | 'v1Camel'
  | 'v1List'
  | 'v1Login'
  | 'v2'
  | 'v2Time'
  | 'v2Both'
  | 'limitsV3'
  | 'limitsV4'
  | 'multi';

/** The text a form uses for a session failure (candles say it without the category). */
export function sessionText(form: FailureForm): string {
  return form === 'v1List' ? BROKER_TEXTS.invalidSessionKey : BROKER_TEXTS.sessionExpired;
}

/** The body and HTTP status of a failure in a form; `orders` is how many elements a multi answer has. */
export function renderFailure(
  form: FailureForm,
  failure: SimFailure,
  now: number,
  orders = 1,
): { status: number; body: unknown } {
  const text = failure.message;
  const time = timeFirst(now);
  switch (form) {
    case 'v1':
      return { status: failure.status, body: { stat: 'Not_Ok', emsg: text } };
    case 'v1Time':
      return { status: failure.status, body: { stat: 'Not_Ok', request_time: time, emsg: text } };
    case 'v1Camel':
      return { status: failure.status, body: { stat: 'Not_Ok', requestTime: time, emsg: text } };
    case 'v1List':
      return { status: failure.status, body: [{ stat: 'Not_Ok', emsg: text }] };
    case 'v1Login':
      return { status: failure.status, body: { detail: { Status: 'Failed', data: text } } };
    case 'v2':
      return { status: failure.status, body: { Status: 'Failed', data: text } };
    case 'v2Time':
      return { status: failure.status, body: { Status: 'Failed', requestTime: time, data: text } };
    case 'v2Both':
      return {
        status: failure.status,
        body: { Status: 'Failed', requestTime: time, data: text, emsg: text },
      };
    case 'limitsV3':
    case 'limitsV4':
      return limitsFailure(form === 'limitsV3' ? 'Failed' : 'failed', failure);
    case 'multi':
      return {
        status: failure.status,
        body: Array.from({ length: Math.max(1, orders) }, () => ({ Status: 'Failed', data: text })),
      };
  }
}

function limitsFailure(status: string, failure: SimFailure): { status: number; body: unknown } {
  const session = failure.code === 'INVALID_JKEY';
  const httpStatus = session ? 401 : failure.status === 200 ? 400 : failure.status;
  const message = session ? BROKER_TEXTS.limitsInvalidJKey : failure.message;
  const error = failure.field === undefined ? { message } : { field: failure.field, message };
  return { status: httpStatus, body: { status, code: String(httpStatus), name: failure.code, error } };
}
