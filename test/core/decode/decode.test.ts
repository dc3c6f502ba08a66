import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { classifyBrokerText, type Decoded, decodeResponse } from '../../../src/core/decode/index.js';
import type { BrokerError } from '../../../src/core/errors.js';
import type { WireFamily } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import { wireCase } from '../../fixtures/wire/corpus.js';

interface Options {
  status?: number;
  noData?: 'empty' | 'notFound';
  headers?: Record<string, string>;
}

function decode<T>(
  family: WireFamily,
  schema: z.ZodType<T>,
  body: unknown,
  options: Options = {},
): Decoded<T> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const input = {
    response: { status: options.status ?? 200, headers: options.headers ?? {}, text },
    schema,
    label: 'test',
    endpoint: '/test',
    noData: options.noData ?? 'notFound',
  };
  return decodeResponse(family, input, 0);
}

function failure(run: () => unknown): BrokerError {
  try {
    run();
  } catch (error) {
    return error as BrokerError;
  }
  throw new Error('expected a failure');
}

describe('v1 family', () => {
  it('accepts a success object and a bare success array', () => {
    expect(decode('v1', wire.indexListSuccess, wireCase('index-list', 'success')).kind).toBe('ok');
    const candles = decode('v1', wire.candlesSuccess, wireCase('candles', 'success'));
    expect(candles.kind === 'ok' && candles.value).toHaveLength(2);
  });

  it('reads Not_Ok objects and arrays holding one as failures with the emsg', () => {
    expect(
      failure(() => decode('v1', wire.indexListSuccess, wireCase('index-list', 'failure'))),
    ).toMatchObject({
      code: 'SESSION_EXPIRED',
      brokerText: 'Session Expired : Invalid Session Key',
    });
    expect(
      failure(() => decode('v1', wire.candlesSuccess, wireCase('candles', 'failure.session'))),
    ).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('reads "no data" as an empty list where asked, else as NOT_FOUND', () => {
    const body = wireCase('candles', 'failure.noData.array');
    expect(decode('v1', wire.candlesSuccess, body, { noData: 'empty' }).kind).toBe('noData');
    expect(failure(() => decode('v1', wire.candlesSuccess, body))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads a stat word in any case', () => {
    const body = { ...(wireCase('span', 'success') as object), stat: 'OK' };
    expect(decode('v1', wire.spanSuccess, body).kind).toBe('ok');
    expect(
      failure(() =>
        decode('v1', wire.spanSuccess, { stat: 'NOT_OK', emsg: 'Error Occurred : 2 "invalid input"' }),
      ),
    ).toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});

describe('v1Login family', () => {
  it('reads the success and the {detail} failure', () => {
    expect(decode('v1Login', wire.loginSuccess, wireCase('login', 'v1.success')).kind).toBe('ok');
    expect(
      failure(() => decode('v1Login', wire.loginSuccess, wireCase('login', 'v1.failure'))),
    ).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      brokerText: 'Invalid Input : Wrong Password',
    });
  });
});

describe('v2 family', () => {
  it('reads Success and Failed in any case, with data or emsg as the text', () => {
    expect(decode('v2', wire.quoteSuccess, wireCase('quote', 'success')).kind).toBe('ok');
    expect(
      decode('v2', wire.quoteSuccess, { ...(wireCase('quote', 'success') as object), Status: 'SUCCESS' })
        .kind,
    ).toBe('ok');
    expect(
      failure(() => decode('v2', wire.loginSuccess, wireCase('login', 'v2.failure.lowercase'))),
    ).toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });
    expect(
      failure(() => decode('v2', wire.tradeBookV2Success, wireCase('trade-book', 'v2.failure'))),
    ).toMatchObject({
      brokerText: 'Session Expired : Invalid Session Key',
    });
  });

  it('accepts the status key spelled status', () => {
    const { Status, ...rest } = wireCase('quote', 'success') as { Status: string };
    expect(decode('v2', wire.quoteSuccess, { status: Status, ...rest }).kind).toBe('ok');
  });

  it('reads the greeks payload with its nested stat OK as success', () => {
    expect(decode('v2', wire.optionGreeksSuccess, wireCase('option-greeks', 'success')).kind).toBe('ok');
  });
});

describe('limits family', () => {
  it('reads V3 Success and V4 success, and both failure forms as session failures', () => {
    expect(decode('limits', wire.limitsSuccess, wireCase('limits', 'v3.success')).kind).toBe('ok');
    expect(decode('limits', wire.limitsSuccess, wireCase('limits', 'v4.success')).kind).toBe('ok');
    for (const name of ['v3.failure', 'v4.failure']) {
      expect(failure(() => decode('limits', wire.limitsSuccess, wireCase('limits', name)))).toMatchObject({
        code: 'SESSION_EXPIRED',
      });
    }
  });

  it('reads name SESSION_EXPIRED as a session failure', () => {
    const body = {
      status: 'failed',
      code: '401',
      name: 'SESSION_EXPIRED',
      error: { message: 'session expired' },
    };
    expect(failure(() => decode('limits', wire.limitsSuccess, body))).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });
});

describe('multi family', () => {
  it('returns mixed per-order answers as data', () => {
    const decoded = decode('multi', wire.multiOrderResponse, wireCase('place-order', 'multi.mixed'));
    expect(decoded.kind === 'ok' && decoded.value).toHaveLength(2);
  });

  it('reads an answer where every order failed for the session as a session failure of the call', () => {
    const body = [
      { Status: 'Failed', data: 'Session Expired : Invalid Session Key' },
      { Status: 'Failed', data: 'Session Expired : Invalid Session Key' },
    ];
    expect(failure(() => decode('multi', wire.multiOrderResponse, body))).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('reads an object answer as a failure of the whole call', () => {
    expect(
      failure(() => decode('multi', wire.multiOrderResponse, wireCase('quote', 'failure.session'))),
    ).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });
});

describe('every family', () => {
  it('reads plain-text and JSON rate-limit answers as RATE_LIMITED with Retry-After', () => {
    expect(
      failure(() =>
        decode('v2', wire.quoteSuccess, 'API rate limit exceeded', { headers: { 'retry-after': '3' } }),
      ),
    ).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 3000, brokerText: 'API rate limit exceeded' });
    expect(
      failure(() => decode('v1', wire.spanSuccess, { name: 'API_RATE_LIMIT', code: 429 })),
    ).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect(
      failure(() =>
        decode('limits', wire.limitsSuccess, { status: 'failed', code: '429', name: 'API_RATE_LIMIT' }),
      ),
    ).toMatchObject({
      code: 'RATE_LIMITED',
    });
  });

  it('decides success from the body, not the HTTP status', () => {
    expect(decode('v2', wire.quoteSuccess, wireCase('quote', 'success'), { status: 500 }).kind).toBe('ok');
    expect(
      failure(() => decode('limits', wire.limitsSuccess, wireCase('limits', 'v3.failure'), { status: 500 })),
    ).toMatchObject({
      code: 'SESSION_EXPIRED',
      httpStatus: 500,
    });
  });

  it('reads a non-JSON body as INVALID_RESPONSE, or BROKER_UNAVAILABLE on a 5xx', () => {
    expect(failure(() => decode('v2', wire.quoteSuccess, '<html/>'))).toMatchObject({
      code: 'INVALID_RESPONSE',
    });
    expect(failure(() => decode('v2', wire.quoteSuccess, '<html/>', { status: 502 }))).toMatchObject({
      code: 'BROKER_UNAVAILABLE',
    });
  });

  it('names every mismatching field with its path', () => {
    const body = wireCase('order-history', 'v2.success') as { data: Array<Record<string, unknown>> };
    (body.data[1] as Record<string, unknown>).orderNumber = 26112000000018;
    const error = failure(() => decode('v2', wire.orderHistoryV2Success, body));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.issues).toEqual(['data[1].orderNumber: expected string, received number']);
  });
});

describe('family variant failures', () => {
  const message = 'Order entry is blocked for this account by the risk desk';

  it.each(['v1', 'v1Login', 'v2', 'limits', 'multi'] as const)(
    'reads {status: failed, error: {message}} as a failure carrying the message in the %s family',
    (family) => {
      const error = failure(() =>
        decode(family, wire.spanSuccess, wireCase('variants', 'failure.errorMessage')),
      );
      expect(error).toMatchObject({ code: 'BROKER_ERROR', brokerText: message });
      expect(error.message).toContain(message);
    },
  );

  it('prefixes the error name when the body has one, and reads a known message by its meaning', () => {
    expect(
      failure(() => decode('v1', wire.spanSuccess, wireCase('variants', 'failure.errorMessage.named'))),
    ).toMatchObject({ brokerText: `ACCOUNT_BLOCKED: ${message}` });
    const session = {
      status: 'failed',
      code: '401',
      name: 'INVALID_JKEY',
      error: { message: 'jKey parameter is invalid' },
    };
    expect(failure(() => decode('v2', wire.quoteSuccess, session))).toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('reads an unknown failure text under HTTP 500 as the broker refusing, under 502/503/504 as an outage', () => {
    const body = wireCase('variants', 'failure.answerUnder500');
    expect(failure(() => decode('v1', wire.spanSuccess, body, { status: 500 }))).toMatchObject({
      code: 'BROKER_ERROR',
      retryable: false,
    });
    for (const status of [502, 503, 504]) {
      expect(failure(() => decode('v1', wire.spanSuccess, body, { status }))).toMatchObject({
        code: 'BROKER_UNAVAILABLE',
      });
    }
  });
});

describe('broker texts', () => {
  it.each([
    ['Invalid Session Key', 'SESSION_EXPIRED'],
    ['Session Expired : Invalid Session Key', 'SESSION_EXPIRED'],
    ['INVALID_JKEY: jKey parameter is invalid', 'SESSION_EXPIRED'],
    ['SESSION_EXPIRED', 'SESSION_EXPIRED'],
    ['Invalid Input : Wrong Password', 'INVALID_CREDENTIALS'],
    ['Invalid Input : Invalid App Key', 'INVALID_CREDENTIALS'],
    ['Invalid Input : Invalid Vendor code', 'INVALID_CREDENTIALS'],
    ['Invalid Input : Invalid User', 'INVALID_CREDENTIALS'],
    ['Invalid Input : Invalid OTP', 'INVALID_CREDENTIALS'],
    ['Invalid Input : Wrong PAN/DOB', 'INVALID_CREDENTIALS'],
    ['Invalid Input : User Blocked', 'INVALID_CREDENTIALS'],
    ['Invalid Input : Invalid Trading Symbol', 'NOT_FOUND'],
    ['Error Occurred : 5 "no data"', 'NOT_FOUND'],
    ['Error Occurred : 2 "invalid input"', 'INVALID_INPUT'],
    ['Invalid Input : userId or jKey is Missing.', 'INVALID_INPUT'],
    ['Invalid Input : One or more input parameters are not in string format', 'INVALID_INPUT'],
    ['Server Timeout', 'BROKER_UNAVAILABLE'],
    ['Error Occurred : 1 "unknown request"', 'BROKER_UNAVAILABLE'],
    ['Error Occurred : rate limit exceeded, please retry later', 'RATE_LIMITED'],
    ['Something new went wrong', 'BROKER_ERROR'],
  ])('%s → %s', (text, code) => {
    expect(classifyBrokerText(text)).toBe(code);
  });
});
