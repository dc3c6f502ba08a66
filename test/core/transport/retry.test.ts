import { describe, expect, it } from 'vitest';
import { classifyNetworkError } from '../../../src/core/transport/network-errors.js';
import { backoffDelay, DEFAULT_RETRY, parseRetryAfter } from '../../../src/core/transport/retry.js';

describe('backoff', () => {
  it('draws full jitter under an exponentially growing ceiling capped at maxDelayMs', () => {
    const top = { ...DEFAULT_RETRY, attempts: 10, random: () => 0.999999 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(top, n))).toEqual([249, 499, 999, 1999, 3999, 3999]);
    expect(backoffDelay({ ...DEFAULT_RETRY, random: () => 0 }, 1)).toBe(0);
  });

  it('stops after the configured attempts', () => {
    expect(backoffDelay(DEFAULT_RETRY, 3)).toBeUndefined();
    expect(backoffDelay({ ...DEFAULT_RETRY, attempts: 1 }, 1)).toBeUndefined();
  });

  it("waits exactly the server's Retry-After when it is within the policy, else not at all", () => {
    expect(backoffDelay(DEFAULT_RETRY, 1, 2_000)).toBe(2_000);
    expect(backoffDelay(DEFAULT_RETRY, 1, 31_000)).toBeUndefined();
  });

  it('reads Retry-After in seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-20T04:45:00Z');
    expect(parseRetryAfter('2', now)).toBe(2_000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Fri, 20 Nov 2026 04:45:03 GMT', now)).toBe(3_000);
    expect(parseRetryAfter(['7'], now)).toBe(7_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});

describe('network errors', () => {
  const err = (code: string) => Object.assign(new Error(code), { code });

  it('knows which failures prove nothing was sent', () => {
    expect(classifyNetworkError(err('ECONNREFUSED'))).toMatchObject({ kind: 'NETWORK', maybeSent: false });
    expect(classifyNetworkError(err('ENOTFOUND'))).toMatchObject({ kind: 'NETWORK', maybeSent: false });
    expect(classifyNetworkError(err('UND_ERR_CONNECT_TIMEOUT'))).toMatchObject({
      kind: 'TIMEOUT',
      maybeSent: false,
    });
    expect(classifyNetworkError(new AggregateError([err('ECONNREFUSED')]))).toMatchObject({
      maybeSent: false,
    });
  });

  it('treats everything else as possibly sent', () => {
    expect(classifyNetworkError(err('ECONNRESET'))).toMatchObject({ kind: 'NETWORK', maybeSent: true });
    expect(classifyNetworkError(err('UND_ERR_SOCKET'))).toMatchObject({ kind: 'NETWORK', maybeSent: true });
    expect(classifyNetworkError(err('UND_ERR_HEADERS_TIMEOUT'))).toMatchObject({
      kind: 'TIMEOUT',
      maybeSent: true,
    });
    expect(classifyNetworkError(err('UND_ERR_BODY_TIMEOUT'))).toMatchObject({
      kind: 'TIMEOUT',
      maybeSent: true,
    });
    expect(classifyNetworkError(new Error('mystery'))).toMatchObject({ kind: 'NETWORK', maybeSent: true });
    expect(classifyNetworkError(new Error('wrapped', { cause: err('ECONNREFUSED') }))).toMatchObject({
      maybeSent: false,
    });
  });
});
