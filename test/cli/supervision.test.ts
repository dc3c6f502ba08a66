import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../src/sim/accounts.js';
import { createSimulator, type Simulator } from '../../src/sim/create-simulator.js';
import { APPLICATION_ID, BOT_TOKEN, GUILD_ID } from '../fakes/discord/ids.js';
import { FakeDiscord } from '../fakes/discord/server.js';
import { logEntries, logMessages, runCli, spawnCli } from '../helpers/cli.js';
import { liveBrokerEnv } from '../helpers/live-broker.js';

let sim: Simulator;
let dir: string;
beforeAll(async () => {
  // Wall-clock time: the child computes its TOTP codes from it.
  sim = await createSimulator({ rateLimits: false, engineTickMs: 0 });
});
afterAll(() => sim.close());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-supervision-'));
  return () => rm(dir, { recursive: true, force: true });
});

/** A live configuration with the demo credentials, against `url`. */
function live(url: string, extra: Record<string, string> = {}): Record<string, string> {
  return { ...liveBrokerEnv(url), OMSDESK_DATA_DIR: join(dir, 'data'), ...extra };
}

/** A TCP server on a free loopback port, for a port that is taken (or, once closed, one nobody answers on). */
async function listening(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

describe('omsdesk under a supervisor', () => {
  it('exits 78 when the broker refuses the credentials, after a single login', async () => {
    const { code, stderr } = await runCli(
      ['serve', '--port', '0'],
      live(sim.url, { OMSDESK_PASSWORD: 'wrong' }),
    );
    expect(code).toBe(78);
    const entries = logEntries(stderr);
    expect(entries.filter((e) => e.message === 'logging in')).toHaveLength(1);
    expect(entries.at(-1)).toMatchObject({ level: 'error', exitCode: 78 });
    expect(String(entries.at(-1)?.message)).toMatch(/refused the login credentials/);
  });

  it('waits for a broker nobody answers for yet, and stops cleanly on SIGTERM while it waits', async () => {
    const { server, port } = await listening();
    await new Promise((resolve) => server.close(resolve));
    const child = spawnCli(['serve', '--port', '0'], live(`http://127.0.0.1:${port}`));
    let stderr = '';
    const waiting = new Promise<void>((resolve) => {
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('cannot be reached at start')) resolve();
      });
    });
    await waiting;
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    const entries = logEntries(stderr);
    expect(entries.find((e) => e.message.startsWith('the broker cannot be reached'))).toMatchObject({
      level: 'warn',
      code: 'NETWORK',
    });
    expect(entries.at(-1)?.message).toBe('stopped before it finished starting');
    expect(existsSync(join(dir, 'data', 'omsdesk.lock'))).toBe(false);
  });

  it('stops cleanly on SIGINT while its Discord desk is still logging in (the runtime already up)', async () => {
    const fake = await FakeDiscord.start();
    try {
      fake.gateway.goDown();
      const refused = fake.gateway.next('refused');
      const child = spawnCli(['serve', '--port', '0'], {
        OMSDESK_DATA_DIR: join(dir, 'data'),
        DISCORD_TOKEN: BOT_TOKEN,
        DISCORD_APPLICATION_ID: APPLICATION_ID,
        DISCORD_GUILD_ID: GUILD_ID,
        DISCORD_API_URL: fake.api,
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
      });
      // The bot knocks at a gateway that is down: the runtime is up, the desk is between login and ready.
      await refused;
      child.kill('SIGINT');
      const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(logEntries(stderr).at(-1)?.message).toBe('stopped before it finished starting');
      expect(existsSync(join(dir, 'data', 'omsdesk.lock'))).toBe(false);
    } finally {
      await fake.close();
    }
  });

  it('logs one JSON object per line with an ISO time on stderr, secrets redacted; text when asked', async () => {
    const child = spawnCli(['serve', '--port', '0'], live(sim.url, { OMSDESK_LOG_LEVEL: 'debug' }));
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => d.includes('Ctrl-C') && resolve()),
    );
    child.kill('SIGINT');
    await once(child, 'exit');
    const entries = logEntries(stderr);
    expect(entries.length).toBeGreaterThan(3);
    for (const entry of entries) {
      expect(new Date(entry.time).toISOString()).toBe(entry.time);
      expect(['debug', 'info', 'warn', 'error']).toContain(entry.level);
    }
    expect(entries.map((e) => e.message)).toContain('logging in');
    for (const secret of [DEMO_ACCOUNT.password, DEMO_ACCOUNT.apiKey, DEMO_ACCOUNT.totpSecret]) {
      expect(stderr).not.toContain(secret);
    }

    const text = await runCli(
      ['serve', '--port', '0'],
      live(sim.url, { OMSDESK_LOG_FORMAT: 'text', OMSDESK_PASSWORD: 'wrong' }),
    );
    expect(text.stderr).toMatch(/^omsdesk info data dir /m);
    expect(text.stderr).toMatch(/^omsdesk: .*refused the login credentials/m);
  });

  it('says which variable moves a port that is taken', async () => {
    const { server, port } = await listening();
    try {
      const { code, stderr } = await runCli(['serve'], {
        OMSDESK_DATA_DIR: join(dir, 'data'),
        OMSDESK_MCP_PORT: String(port),
      });
      expect(code).toBe(1);
      expect(logMessages(stderr)).toContain(
        `the MCP HTTP server cannot listen: port ${port} on 127.0.0.1 is already in use (another omsdesk?); stop what holds it, or set OMSDESK_MCP_PORT (or --port) to a free port`,
      );
    } finally {
      server.close();
    }
  });
});

describe('omsdesk --version and help', () => {
  it('prints the version of the package', async () => {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    const { code, stdout } = await runCli(['--version']);
    expect({ code, stdout }).toEqual({ code: 0, stdout: `${version}\n` });
  });

  it('help says where the configuration comes from', async () => {
    const { stdout } = await runCli(['help']);
    expect(stdout).toContain('omsdesk --version');
    expect(stdout).toMatch(/OMSDESK_\* and DISCORD_\* variables, from the environment or a \.env file/);
    expect(stdout).toContain('.env.example');
  });
});
