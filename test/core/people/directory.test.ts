import { mkdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  canApprove,
  canHalt,
  canRequest,
  GrantFiles,
  grantShortId,
  openPeopleDirectory,
} from '../../../src/core/people/index.js';
import { ASHA, directoryHarness, OPERATOR, peopleText, RAVI } from './harness.js';

let harness: Awaited<ReturnType<typeof directoryHarness>> | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('the people file while running', () => {
  it('finds people by id and by Discord user, with their roles', async () => {
    harness = await directoryHarness();
    const { directory } = harness;
    expect(await directory.byId('asha')).toEqual(ASHA);
    expect(await directory.byDiscord('123456789012345678')).toEqual(ASHA);
    expect(await directory.byId('nobody')).toBeUndefined();
    expect(await directory.byDiscord('999999999999999999')).toBeUndefined();
    expect((await directory.everyone()).map((p) => p.id)).toEqual(['asha', 'ravi']);
  });

  it('takes a demotion on the next lookup, even an edit in place of the same size', async () => {
    harness = await directoryHarness();
    const { directory, file } = harness;
    const before = await directory.byId('asha');
    expect(before !== undefined && canApprove(before) && canHalt(before)).toBe(true);
    // "approver" to "viewer  ": the same number of bytes, written into the same file.
    const text = peopleText([ASHA, RAVI]);
    await writeFile(file, text.replace('"role": "approver"', '"role": "viewer"  '));
    const after = await directory.byId('asha');
    expect(after?.role).toBe('viewer');
    expect(after !== undefined && (canRequest(after) || canApprove(after))).toBe(false);
  });

  it('takes a removal on the next lookup, by id and by Discord user', async () => {
    harness = await directoryHarness();
    await harness.writePeople([RAVI]);
    expect(await harness.directory.byId('asha')).toBeUndefined();
    expect(await harness.directory.byDiscord('123456789012345678')).toBeUndefined();
  });

  it('fails closed on an invalid edit: nobody is recognised, not the people of before, until it is fixed', async () => {
    harness = await directoryHarness();
    const { directory, logs } = harness;
    const issued = await harness.issue('asha');
    await harness.writePeople([{ ...ASHA, role: 'admin' }, RAVI]);
    expect(await directory.byId('ravi')).toBeUndefined();
    expect(await directory.byDiscord('123456789012345678')).toBeUndefined();
    expect(await directory.everyone()).toEqual([]);
    expect(await directory.authenticate(issued.token)).toMatchObject({ ok: false, reason: 'unknown' });
    expect(await directory.problem()).toMatch(/people\[0\]\.role: expected one of viewer, trader, approver/);
    expect(logs.logs.filter((l) => l.startsWith('warn ') && l.includes('Nobody is recognised'))).toHaveLength(
      1,
    );

    await harness.writePeople([ASHA, RAVI]);
    expect(await directory.byId('ravi')).toEqual(RAVI);
    expect(await directory.problem()).toBeUndefined();
    expect(await directory.authenticate(issued.token)).toMatchObject({ ok: true, person: ASHA });
  });

  it('recognises nobody while the people file is gone', async () => {
    harness = await directoryHarness();
    await unlink(harness.file);
    expect(await harness.directory.byId('asha')).toBeUndefined();
    expect(await harness.directory.problem()).toMatch(/is gone/);
  });
});

describe('personal tokens', () => {
  it('lets a token in as its person once issued by another writer, and says why others are refused', async () => {
    harness = await directoryHarness();
    const { directory } = harness;
    const issued = await harness.issue('ravi');
    expect(issued.token).toMatch(/^omsd_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(await directory.authenticate(issued.token)).toEqual({
      ok: true,
      person: RAVI,
      tokenId: issued.id,
      expires: issued.expires,
    });
    const wrongSecret = `${issued.token.slice(0, -4)}AAAA`;
    const otherId = issued.token.replace(
      issued.id,
      issued.id === '000000000000' ? '000000000001' : '000000000000',
    );
    for (const [bearer, reason] of [
      [undefined, 'missing'],
      ['  ', 'missing'],
      ['nonsense', 'unknown'],
      [wrongSecret, 'unknown'],
      [otherId, 'unknown'],
      [`${issued.token}x`, 'unknown'],
    ] as const) {
      const refused = await directory.authenticate(bearer);
      expect(refused).toMatchObject({ ok: false, reason });
      expect(refused.ok ? '' : refused.message).toMatch(/omsdesk token issue/);
    }
  });

  it('stops a token on the next request once revoked, alone or with all of its person’s', async () => {
    harness = await directoryHarness();
    const { directory, cli } = harness;
    const one = await harness.issue('ravi');
    const two = await harness.issue('ravi');
    const asha = await harness.issue('asha');
    expect(await directory.authenticate(one.token)).toMatchObject({ ok: true });
    await cli.revoke(one.id, { channel: 'cli', id: 'operator' }, harness.clock.now());
    expect(await directory.authenticate(one.token)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(await directory.authenticate(two.token)).toMatchObject({ ok: true });
    const revoked = await cli.revokePerson('ravi', { channel: 'cli', id: 'operator' }, harness.clock.now());
    expect(revoked.map((t) => t.id)).toEqual([two.id]);
    expect(await directory.authenticate(two.token)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(await directory.authenticate(asha.token)).toMatchObject({ ok: true });
    await expect(cli.revoke(one.id, { channel: 'cli', id: 'operator' }, 0)).rejects.toThrow(
      /already revoked/,
    );
    await expect(cli.revoke('abcdefabcdef', { channel: 'cli', id: 'operator' }, 0)).rejects.toThrow(
      /no token/,
    );
  });

  it('stops a token at its expiry', async () => {
    harness = await directoryHarness();
    const issued = await harness.issue('ravi', 1);
    await harness.clock.advance(86_400_000 - 1_000);
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({ ok: true });
    await harness.clock.advance(1_000);
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });

  it('revokes for good the tokens of a person removed from the people file (an entry with the same id later brings none back), and takes a demotion on the next request', async () => {
    harness = await directoryHarness();
    const issued = await harness.issue('asha');
    const other = await harness.issue('asha');
    await harness.writePeople([{ ...ASHA, role: 'viewer' }, RAVI]);
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({
      ok: true,
      person: { role: 'viewer' },
    });
    const endings: string[] = [];
    harness.directory.onEnded((e) => endings.push(`${e.kind} ${e.kind === 'token' ? e.tokenId : e.person}`));
    await harness.writePeople([RAVI]);
    const refused = await harness.directory.authenticate(issued.token);
    expect(refused).toMatchObject({ ok: false, reason: 'revoked' });
    expect(refused.ok ? '' : refused.message).toMatch(/revoked because its person left the people file/);
    expect(endings.sort()).toEqual([`person asha`, `token ${issued.id}`, `token ${other.id}`].sort());
    await harness.writePeople([ASHA, RAVI]);
    for (const token of [issued, other])
      expect(await harness.directory.authenticate(token.token)).toMatchObject({
        ok: false,
        reason: 'revoked',
      });
    expect(harness.directory.tokenActive(issued.id)).toBe(false);
    await harness.cli.refresh();
    expect(harness.cli.list().map((t) => [t.id, t.revoked?.by])).toEqual([
      [issued.id, { channel: 'omsdesk', id: 'people-file' }],
      [other.id, { channel: 'omsdesk', id: 'people-file' }],
    ]);
  });

  it('ends a sign-in grant as a token: told once, no longer active for the gate, and ended at start for a person removed while no server ran', async () => {
    harness = await directoryHarness();
    const grants = new GrantFiles(harness.dir);
    const now = harness.clock.now();
    const grant = async (id: string) => {
      await grants.put('Grant', id, {
        payload: { accountId: 'asha', clientId: 'c1' },
        expires: now + 86_400_000,
      });
      return `grant:${grantShortId(id)}`;
    };
    const first = await grant('grant-1');
    const endings: string[] = [];
    harness.directory.onEnded((e) =>
      endings.push(`${e.kind === 'token' ? e.tokenId : e.person} ${e.reason}`),
    );
    await harness.directory.refresh();
    expect(harness.directory.credentialActive(first)).toBe(true);
    await grants.endById(grantShortId('grant-1'), now, { by: OPERATOR });
    await harness.directory.refresh();
    await harness.directory.refresh();
    expect(endings).toEqual([
      `${first} sign-in grant ${grantShortId('grant-1')} of asha was ended by the operator on the command line`,
    ]);
    expect(harness.directory.credentialActive(first)).toBe(false);
    const second = await grant('grant-2');
    await harness.writePeople([RAVI]);
    const audit = { path: join(harness.dir, 'audit.jsonl'), append: async () => undefined };
    const reopened = await openPeopleDirectory({ ...harness, dataDir: harness.dir, audit });
    await harness.writePeople([ASHA, RAVI]);
    await reopened.refresh();
    expect(await grants.grants(now)).toEqual([]);
    expect(reopened.credentialActive(second)).toBe(false);
    await reopened.close();
  });

  it('revokes at its start the tokens of a person removed while no server ran', async () => {
    harness = await directoryHarness();
    const issued = await harness.issue('asha');
    await harness.writePeople([RAVI]);
    const audit = { path: join(harness.dir, 'audit.jsonl'), append: async () => undefined };
    const reopened = await openPeopleDirectory({ ...harness, dataDir: harness.dir, audit });
    await harness.writePeople([ASHA, RAVI]);
    expect(await reopened.authenticate(issued.token)).toMatchObject({ ok: false, reason: 'revoked' });
    await reopened.close();
  });

  it('refuses every token while the journal cannot be read, and recovers', async () => {
    harness = await directoryHarness();
    const issued = await harness.issue('ravi');
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({ ok: true });
    const journal = await readFile(harness.files.journal, 'utf8');
    await rm(harness.files.journal);
    // A directory where the journal was: reading it fails (EISDIR), which must not let anything in.
    await mkdir(harness.files.journal);
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({
      ok: false,
      reason: 'unknown',
    });
    expect(harness.logs.logs.filter((l) => l.includes('token journal cannot be read'))).toHaveLength(1);
    await rm(harness.files.journal, { recursive: true });
    await writeFile(harness.files.journal, journal);
    expect(await harness.directory.authenticate(issued.token)).toMatchObject({ ok: true });
  });
});
