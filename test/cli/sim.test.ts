import { once } from 'node:events';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { lines, logMessages, runCli, spawnCli } from '../helpers/cli.js';
import { totpFor } from '../helpers/sim.js';

describe('omsdesk sim', () => {
  it('prints exactly its address first, then the demo credentials, serves the API and stops cleanly on SIGTERM', async () => {
    const child = spawnCli(['sim', '--port', '0', '--seed', '3']);
    const out = lines(child);
    const first = await out.waitFor(/listening/);
    expect(out.all[0]).toBe(first);
    expect(first).toMatch(/^omsdesk sim listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = first.slice('omsdesk sim listening on '.length);
    await out.waitFor(/TOTP secret/);
    expect(out.all.join('\n')).toContain('JBSWY3DPEHPK3PXP');

    const res = await request(`${url}/apiV2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: 'SIM001',
        password: 'sim-pass',
        TOTP: totpFor(Date.now()),
        apiKey: 'sim-api-key',
        vendorCode: 'SIM001_API',
      }),
    });
    expect(((await res.body.json()) as { Status: string }).Status).toBe('Success');

    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });

  it('persists sessions across restarts with --state, written atomically', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'omsdesk-sim-'));
    const state = join(dir, 'sim-state.json');
    const start = async () => {
      const child = spawnCli(['sim', '--port', '0', '--state', state]);
      const first = await lines(child).waitFor(/listening/);
      return { child, url: first.slice('omsdesk sim listening on '.length) };
    };
    const one = await start();
    const login = await request(`${one.url}/apiV2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: 'SIM001',
        password: 'sim-pass',
        TOTP: totpFor(Date.now()),
        apiKey: 'sim-api-key',
        vendorCode: 'SIM001_API',
      }),
    });
    const jKey = ((await login.body.json()) as { data: { susertoken: string } }).data.susertoken;
    one.child.kill('SIGINT');
    await once(one.child, 'exit');
    const saved = JSON.parse(await readFile(state, 'utf8')) as { version: number };
    expect(saved.version).toBe(1);

    const two = await start();
    const limits = await request(`${two.url}/api/V3/limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userId: 'SIM001', jKey }),
    });
    expect(limits.statusCode).toBe(200);
    two.child.kill('SIGTERM');
    await once(two.child, 'exit');
  });

  it('exports the instrument master as CSV', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'omsdesk-csv-'));
    const file = join(dir, 'instruments.csv');
    const { code, stdout } = await runCli(['sim', '--export-instruments', file]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^wrote \d+ instruments to /);
    const csv = await readFile(file, 'utf8');
    expect(csv.split('\n')[0]).toBe(
      'exchange,token,tradingSymbol,symbolName,instrument,expiry,strike,optionType,lotSize,tickSize,freezeQty',
    );
    expect(csv).toContain('NSE,2885,RELIANCE-EQ,RELIANCE,EQ,,,,1,0.05,0');
    expect(csv).toMatch(
      /\nNFO,\d+,NIFTY\d{2}[A-Z]{3}\d{2}C\d+,NIFTY,OPTIDX,\d{2}-[A-Z]{3}-\d{4},\d+\.00,CE,75,0\.05,1800\n/,
    );
  });

  it('refuses a bad flag with exit code 2 and says what is wrong', async () => {
    const { code, stderr } = await runCli(['sim', '--hours', 'sometimes']);
    expect(code).toBe(2);
    expect(logMessages(stderr)).toContain('--hours must be one of always, real, got "sometimes"');
    const unknown = await runCli(['sim', '--colour']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown option '--colour'");
  });
});
