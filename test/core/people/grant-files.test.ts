import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GrantFiles, recordKey } from '../../../src/core/people/index.js';
import { tokenFiles } from '../../../src/core/people/tokens/files.js';
import { TokenStore } from '../../../src/core/people/tokens/token-store.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-grant-files-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const names = async (model: string) => readdir(join(dir, 'oauth', model)).catch(() => [] as string[]);

describe('the grant files', () => {
  it('file each record under the hash of its id; a sweep removes what expired, an ended grant takes its tokens', async () => {
    const files = new GrantFiles(dir);
    const now = 1_800_000_000_000;
    await files.put('Grant', 'grant-1', {
      payload: { accountId: 'asha', clientId: 'c1', iat: 1 },
      expires: now + 86_400_000,
    });
    await files.put('AccessToken', 'secret-token-a', { payload: { grantId: 'grant-1' }, expires: now - 1 });
    await files.put('AccessToken', 'secret-token-b', {
      payload: { grantId: 'grant-1' },
      expires: now + 600_000,
    });
    await files.put('RefreshToken', 'secret-refresh', {
      payload: { grantId: 'grant-1' },
      expires: now + 86_400_000,
    });
    expect(await names('AccessToken')).toEqual(
      [`${recordKey('secret-token-a')}.json`, `${recordKey('secret-token-b')}.json`].sort(),
    );
    expect(await files.sweep(now)).toBe(1);
    expect(await names('AccessToken')).toEqual([`${recordKey('secret-token-b')}.json`]);
    expect((await files.grants(now)).map((g) => [g.person, g.client])).toEqual([['asha', 'c1']]);
    const ended = await files.endPerson('asha', now, { by: { channel: 'cli', id: 'operator' } });
    expect(ended).toHaveLength(1);
    // The ending is journaled beside the tokens, so the server ends what the grant started.
    const journal = new TokenStore(tokenFiles(dir).journal);
    await journal.refresh();
    expect(journal.takeEndedGrants()).toEqual([
      { id: ended[0]?.id, person: 'asha', by: { channel: 'cli', id: 'operator' }, journal: 0 },
    ]);
    expect(journal.grantEnded(String(ended[0]?.id))).toBe(true);
    expect(await files.endById(String(ended[0]?.id), now, { by: { channel: 'cli', id: 'operator' } })).toBe(
      undefined,
    );
    await journal.refresh();
    expect(journal.takeEndedGrants()).toEqual([]);
    expect([await names('Grant'), await names('AccessToken'), await names('RefreshToken')]).toEqual([
      [],
      [],
      [],
    ]);
  });
});
