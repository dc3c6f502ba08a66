import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock.js';
import { PeopleDirectory, PeopleSource, TokenStore, tokenFiles } from '../../src/core/people/index.js';
import { tokenEvents } from '../core/people/harness.js';
import { lines, runCli, spawnCli } from '../helpers/cli.js';

const PEOPLE = {
  people: [
    { id: 'asha', role: 'trader', discord: '123456789012345678', maxDailyOrders: 5 },
    { id: 'ravi', role: 'approver' },
  ],
};

let dir: string;
let dataDir: string;
let env: Record<string, string>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-tokens-cli-'));
  dataDir = join(dir, 'data');
  env = { OMSDESK_DATA_DIR: dataDir, OMSDESK_LOG_LEVEL: 'warn', OMSDESK_LOG_FORMAT: 'text' };
  await mkdir(dataDir);
  // The default place: people.json in the data dir, found without any variable.
  await writeFile(join(dataDir, 'people.json'), JSON.stringify(PEOPLE));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** `omsdesk serve` on the data dir until `stop`. */
async function serve() {
  const child = spawnCli(['serve', '--port', '0'], env);
  await lines(child).waitFor(/Ctrl-C stops/);
  return {
    async stop() {
      child.kill('SIGINT');
      expect((await once(child, 'exit'))[0]).toBe(0);
    },
  };
}

async function token(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return runCli(['token', ...args], env);
}

/** Every file under a folder, recursively. */
async function everyFile(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('omsdesk token, while omsdesk serve holds the data dir', () => {
  it('issues, lists and revokes; the server’s side sees each on its next look; the audit log records each once; no token is kept', async () => {
    const server = await serve();
    // What the server's next request does: read the people file and the journal again.
    const files = tokenFiles(dataDir);
    const reader = new PeopleDirectory({
      people: await PeopleSource.open(join(dataDir, 'people.json')),
      tokens: new TokenStore(files.journal),
      clock: systemClock,
    });

    const issuedAsha = await token(['issue', 'asha']);
    expect(issuedAsha.stderr).toBe('');
    expect(issuedAsha.code).toBe(0);
    const ashaToken = issuedAsha.stdout.trimEnd().split('\n').at(-1) ?? '';
    expect(ashaToken).toMatch(/^omsd_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(issuedAsha.stdout).toMatch(/issued to asha \(trader\), valid 90 days/);
    const issuedRavi = await token(['issue', 'ravi', '--days', '7']);
    expect(issuedRavi.code).toBe(0);
    const raviToken = issuedRavi.stdout.trimEnd().split('\n').at(-1) ?? '';
    const ashaId = ashaToken.slice(5, 17);
    const raviId = raviToken.slice(5, 17);

    expect(await reader.authenticate(ashaToken)).toMatchObject({ ok: true, person: { id: 'asha' } });
    expect(await reader.authenticate(raviToken)).toMatchObject({ ok: true, person: { id: 'ravi' } });

    const listed = await token(['list']);
    expect(listed.code).toBe(0);
    const rows = listed.stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^ID +PERSON +CREATED \(IST\) +EXPIRES \(IST\) +LAST USED \(IST\) +STATUS$/);
    const minute = expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d$/) as string;
    expect(rows.slice(1).map((r) => r.split(/ {2,}/))).toEqual([
      [ashaId, 'asha', minute, minute, 'never', 'active'],
      [raviId, 'ravi', minute, minute, 'never', 'active'],
    ]);
    expect(listed.stdout).not.toContain(ashaToken.slice(18));

    const revoked = await token(['revoke', ashaId]);
    expect(revoked).toMatchObject({ code: 0, stdout: `Token ${ashaId} of asha revoked.\n` });
    expect(await reader.authenticate(ashaToken)).toMatchObject({ ok: false, reason: 'revoked' });
    expect(await reader.authenticate(raviToken)).toMatchObject({ ok: true });
    expect(await token(['revoke', '--person', 'ravi'])).toMatchObject({
      code: 0,
      stdout: `Revoked 1 token of ravi: ${raviId}.\n`,
    });
    expect(await reader.authenticate(raviToken)).toMatchObject({ ok: false, reason: 'revoked' });
    await server.stop();

    const expected = [
      `token_issued ${ashaId} asha cli:operator`,
      `token_issued ${raviId} ravi cli:operator`,
      `token_revoked ${ashaId} asha cli:operator`,
      `token_revoked ${raviId} ravi cli:operator`,
    ];
    expect(await tokenEvents(join(dataDir, 'audit.jsonl'))).toEqual(expected);
    await (await serve()).stop();
    expect(await tokenEvents(join(dataDir, 'audit.jsonl'))).toEqual(expected);
    expect((await runCli(['audit', 'verify'], env)).code).toBe(0);

    for (const issued of [ashaToken, raviToken]) {
      const secret = issued.slice(18);
      const forms = [
        issued,
        secret,
        Buffer.from(secret, 'base64url').toString('hex'),
        Buffer.from(secret, 'base64url').toString('base64'),
      ];
      for (const path of await everyFile(dataDir)) {
        const bytes = await readFile(path);
        for (const form of forms) expect(bytes.includes(form), `${form} in ${path}`).toBe(false);
        expect(bytes.includes(Buffer.from(secret, 'base64url')), `the secret's bytes in ${path}`).toBe(false);
      }
    }
  });

  it('says what is wrong: an unknown person or token, a missing people file, a malformed call', async () => {
    expect(await token(['issue', 'meena'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no person "meena" in the people file') as string,
    });
    expect(await token(['revoke', 'abcdefabcdef'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('no token "abcdefabcdef"') as string,
    });
    expect((await token(['revoke'])).code).toBe(2);
    expect((await token(['issue', 'asha', '--days', '0'])).code).toBe(2);
    // Another data dir than the server's (another user, no OMSDESK_DATA_DIR): a configuration to change.
    const elsewhere = join(dir, 'elsewhere');
    const calls = [['list'], ['issue', 'asha'], ['revoke', '--person', 'asha']];
    const answers = await Promise.all(
      calls.map((args) => runCli(['token', ...args], { ...env, OMSDESK_DATA_DIR: elsewhere })),
    );
    for (const bare of answers) {
      expect(bare.code).toBe(78);
      expect(bare.stderr).toContain(`no people file in the data dir ${elsewhere} (people.json)`);
      expect(bare.stderr).toContain('Run this as the user omsdesk serve runs as, with its OMSDESK_DATA_DIR');
    }
  });
});

describe('starting with a people file', () => {
  it('refuses the shared MCP token and the Discord approver list as ambiguous, saying which to keep', async () => {
    const refused = await runCli(['serve', '--port', '0'], {
      ...env,
      OMSDESK_MCP_TOKEN: 'a-long-shared-token-0123456789',
    });
    expect(refused.code).toBe(78);
    expect(refused.stderr).toContain('OMSDESK_MCP_TOKEN: ambiguous with the people file');
    expect(refused.stderr).toContain('omsdesk token issue <person-id>');
    expect(refused.stderr).not.toContain('a-long-shared-token-0123456789');
  });

  it('requires OMSDESK_PERSON for omsdesk mcp on stdio, naming someone in the file', async () => {
    const missing = await runCli(['mcp'], env);
    expect(missing.code).toBe(78);
    expect(missing.stderr).toContain('OMSDESK_PERSON: required for omsdesk mcp on stdio with a people file');
    const unknown = await runCli(['mcp'], { ...env, OMSDESK_PERSON: 'meena' });
    expect(unknown.code).toBe(78);
    expect(unknown.stderr).toContain('OMSDESK_PERSON: "meena" is not in the people file');
  });
});
