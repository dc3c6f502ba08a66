import { describe, expect, it } from 'vitest';
import { Redactor } from '../../../src/core/redact.js';
import { totpCode } from '../../../src/core/session/login.js';
import { SessionManager } from '../../../src/core/session/session-manager.js';
import { createMemorySessionStore, type Session } from '../../../src/core/session/store.js';

// RFC 6238 appendix B, SHA-1, secret "12345678901234567890", last 6 of the 8-digit codes.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

function session(key: string): Session {
  return {
    key,
    userId: 'U',
    accountId: 'A',
    userName: 'N',
    email: undefined,
    exchanges: [],
    orderTypes: [],
    generation: 'v2',
    createdAt: 0,
  };
}

describe('totpCode', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('matches the RFC 6238 vector at %i s', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
  });

  it('accepts a secret with spaces and in lower case', () => {
    expect(totpCode(RFC_SECRET.toLowerCase().replace(/(.{4})/g, '$1 '), 59_000)).toBe('287082');
  });
});

describe('SessionManager', () => {
  it('shares one login among concurrent callers and stores the result', async () => {
    let logins = 0;
    let release: (s: Session) => void = () => {};
    const store = createMemorySessionStore();
    const manager = new SessionManager(
      () => {
        logins += 1;
        return new Promise<Session>((resolve) => {
          release = resolve;
        });
      },
      store,
      new Redactor(),
      new AbortController().signal,
    );
    const all = Promise.all([manager.current(), manager.current(), manager.refresh()]);
    await new Promise((r) => setImmediate(r));
    release(session('key-1111'));
    expect((await all).map((s) => s.key)).toEqual(['key-1111', 'key-1111', 'key-1111']);
    expect(logins).toBe(1);
    expect((await store.get())?.key).toBe('key-1111');
  });

  it('forgets only the session whose key failed, never a newer one', async () => {
    const store = createMemorySessionStore();
    await store.set(session('new-key-2222'));
    const manager = new SessionManager(
      async () => session('x'),
      store,
      new Redactor(),
      new AbortController().signal,
    );
    await manager.expire('old-key-1111');
    expect((await store.get())?.key).toBe('new-key-2222');
    await manager.expire('new-key-2222');
    expect(await store.get()).toBeUndefined();
  });

  it("lets one caller stop waiting without cancelling the others' shared login", async () => {
    let release: (s: Session) => void = () => {};
    const manager = new SessionManager(
      () =>
        new Promise<Session>((resolve) => {
          release = resolve;
        }),
      createMemorySessionStore(),
      new Redactor(),
      new AbortController().signal,
    );
    const controller = new AbortController();
    const impatient = manager.current(controller.signal);
    const patient = manager.current();
    controller.abort(new Error('gave up'));
    await expect(impatient).rejects.toThrow('gave up');
    release(session('key-3333'));
    expect((await patient).key).toBe('key-3333');
  });

  it('registers the session key with the redactor', async () => {
    const redactor = new Redactor();
    const manager = new SessionManager(
      async () => session('secret-key-4444'),
      createMemorySessionStore(),
      redactor,
      new AbortController().signal,
    );
    await manager.current();
    expect(redactor.text('jKey=secret-key-4444')).toBe('jKey=[redacted]');
  });
});

describe('SessionManager and callers that give up', () => {
  it('starts no login for a caller whose signal has already aborted', async () => {
    let logins = 0;
    const login = async () => {
      logins += 1;
      return session('k-1');
    };
    const manager = new SessionManager(
      login,
      createMemorySessionStore(),
      new Redactor(),
      new AbortController().signal,
    );
    const controller = new AbortController();
    controller.abort(new Error('gave up'));
    await expect(manager.current(controller.signal)).rejects.toThrow('gave up');
    expect(logins).toBe(0);
  });

  it('lets a login that every caller left fail without an unhandled rejection', async () => {
    let fail: (error: Error) => void = () => {};
    const login = () => new Promise<Session>((_, reject) => (fail = reject));
    const manager = new SessionManager(
      login,
      createMemorySessionStore(),
      new Redactor(),
      new AbortController().signal,
    );
    const controller = new AbortController();
    const waiting = manager.current(controller.signal);
    controller.abort(new Error('gave up'));
    await expect(waiting).rejects.toThrow('gave up');
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      fail(new Error('login failed'));
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    expect(unhandled).toEqual([]);
  });
});
