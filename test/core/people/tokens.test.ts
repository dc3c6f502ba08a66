import crypto from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import { syncBuiltinESMExports } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalesced } from '../../../src/core/people/fresh.js';
import { readTokenUses, TokenStore, TokenUseLog } from '../../../src/core/people/index.js';
import { tokenHash } from '../../../src/core/people/tokens/token.js';
import { directoryHarness, OPERATOR } from './harness.js';

let harness: Awaited<ReturnType<typeof directoryHarness>> | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  syncBuiltinESMExports();
  await harness?.close();
  harness = undefined;
});

describe('checking a token', () => {
  it('compares the stored hash with crypto.timingSafeEqual, also for an unknown id', async () => {
    harness = await directoryHarness();
    const issued = await harness.issue('ravi');
    const spy = vi.spyOn(crypto, 'timingSafeEqual');
    syncBuiltinESMExports();
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({ ok: true });
    expect(spy).toHaveBeenCalledTimes(1);
    const [presented, stored] = spy.mock.calls[0] as [Buffer, Buffer];
    expect(presented.toString('hex')).toBe(tokenHash(issued.token));
    expect(stored.toString('hex')).toBe(issued.hash);
    await harness.directory.authenticate(issued.token.replace(issued.id, 'abcabcabcabc'));
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('keeps only the hash: the journal holds neither the token nor its secret', async () => {
    harness = await directoryHarness();
    const issued = await harness.issue('ravi');
    const journal = await readFile(harness.files.journal, 'utf8');
    const secret = issued.token.slice(issued.token.lastIndexOf('_') + 1);
    expect(journal).toContain(issued.hash);
    expect(journal).not.toContain(secret);
    expect(journal).not.toContain(Buffer.from(secret, 'base64url').toString('hex'));
  });
});

describe('the token journal', () => {
  it('keeps every record of two writers appending at once', async () => {
    harness = await directoryHarness();
    const other = new TokenStore(harness.files.journal);
    const now = harness.clock.now();
    const issued = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? harness?.cli : other)?.issue('ravi', 1, OPERATOR, now),
      ),
    );
    const reader = new TokenStore(harness.files.journal);
    await reader.refresh();
    expect(
      reader
        .list()
        .map((t) => t.id)
        .sort(),
    ).toEqual(issued.map((t) => t?.id).sort());
  });

  it('reads on past a line a dead writer left torn, and only what was added since its last look', async () => {
    harness = await directoryHarness();
    const first = await harness.issue('ravi');
    const reader = new TokenStore(harness.files.journal, harness.logs.logger);
    expect(await reader.refresh()).toBe(true);
    expect(await reader.refresh()).toBe(false);
    await appendFile(harness.files.journal, '{"op":"revoke","id":"');
    expect(await reader.refresh()).toBe(false);
    const second = await harness.issue('ravi');
    expect(await reader.refresh()).toBe(true);
    expect(reader.list().map((t) => t.id)).toEqual([first.id, second.id]);
    expect(reader.get(first.id)?.revoked).toBeUndefined();
    expect(harness.logs.logs.filter((l) => l.includes('is not a record'))).toHaveLength(1);
  });
});

describe('last use', () => {
  it('is written at most about once a minute per token, and read back for the listing', async () => {
    harness = await directoryHarness();
    const issued = await harness.issue('ravi');
    const t0 = harness.clock.now();
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({ ok: true });
    await harness.uses.flush();
    expect(await readTokenUses(harness.files.uses)).toEqual(new Map([[issued.id, t0]]));

    const log = await TokenUseLog.open(harness.files.uses);
    expect(log.note(issued.id, t0 + 30_000)).toBe(false);
    expect(log.note(issued.id, t0 + 59_000)).toBe(false);
    expect(log.note(issued.id, t0 + 60_000)).toBe(true);
    await log.flush();
    expect(await readTokenUses(harness.files.uses)).toEqual(new Map([[issued.id, t0 + 60_000]]));
  });
});

describe('looking again', () => {
  it('makes a caller that arrives during a look wait for one that starts after it, never two at once', async () => {
    let running = 0;
    let most = 0;
    const releases: Array<() => void> = [];
    const look = coalesced(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => releases.push(resolve));
      running -= 1;
    });
    const first = look();
    const second = look();
    const third = look();
    expect(second).toBe(third);
    expect(releases).toHaveLength(1);
    releases[0]?.();
    await first;
    await vi.waitFor(() => expect(releases).toHaveLength(2));
    releases[1]?.();
    await Promise.all([second, third]);
    expect(most).toBe(1);
  });
});
