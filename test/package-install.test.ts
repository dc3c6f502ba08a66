import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROOT } from './helpers/build.js';
import { bareEnv, freshCheckout, installOffline, npmPack, type Packed } from './helpers/package.js';

/** What an MCP client saw over stdio: a quote, one order confirmed by the person, the book after it. */
interface StdioRun {
  readonly lastPrice: number;
  readonly confirmation: string;
  readonly orderNumbers: readonly string[];
  readonly ordersInBook: number;
  readonly stderr: string;
}

/**
 * The one MCP-specific part: starts the server as an MCP client configured with `command` and `args`
 * does, accepts its confirmation form, quotes RELIANCE and buys one share.
 */
async function quoteAndOrderOverStdio(server: {
  command: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
}): Promise<StdioRun> {
  const transport = new StdioClientTransport({ ...server, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const client = new Client(
    { name: 'package-test', version: '1' },
    { capabilities: { elicitation: { form: {} } } },
  );
  client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
  try {
    await client.connect(transport);
    const quote = await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
    const placed = await client.callTool({
      name: 'place_order',
      arguments: { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' },
    });
    const book = await client.callTool({ name: 'get_order_book', arguments: {} });
    const order = placed.structuredContent as { confirmation: string; orderNumbers: string[] };
    return {
      lastPrice: (quote.structuredContent as { lastPrice: number }).lastPrice,
      confirmation: order.confirmation,
      orderNumbers: order.orderNumbers,
      ordersInBook: (book.structuredContent as { total: number }).total,
      stderr,
    };
  } finally {
    await client.close();
  }
}

let work: string;
let tarball: Packed;
let app: string;

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'omsdesk-package-'));
  const checkout = join(work, 'checkout');
  await freshCheckout(ROOT, checkout);
  tarball = await npmPack(checkout, work);
  app = join(work, 'app');
  await installOffline({ root: ROOT, tarball, tarballDir: work, app, npmCache: inject('npmCache') });
}, 180_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the published package, as a user installs it', () => {
  it('packs from a fresh clone: built by prepack, with its licence, without build state or source maps', () => {
    const files = tarball.files.map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining([
        'LICENSE',
        'README.md',
        'package.json',
        'dist/bin/omsdesk.js',
        'dist/index.js',
      ]),
    );
    expect(files.filter((f) => f.endsWith('.map') || f.includes('tsbuildinfo'))).toEqual([]);
    expect(files.filter((f) => /^(src|test|bench|scripts)\//.test(f))).toEqual([]);
  });

  it('runs `npx omsdesk mcp` over stdio: a quote, and exactly one order, confirmed by the person', async () => {
    const home = join(work, 'user-home');
    await mkdir(home);
    const run = await quoteAndOrderOverStdio({
      command: 'npx',
      args: ['omsdesk', 'mcp'],
      cwd: app,
      env: bareEnv({ HOME: home, npm_config_offline: 'true', npm_config_cache: join(work, 'npm-cache') }),
    });
    expect(run.lastPrice).toBeGreaterThan(0);
    expect(run.confirmation).toBe('elicitation');
    expect(run.orderNumbers).toHaveLength(1);
    expect(run.ordersInBook).toBe(1);
    // With no OMSDESK_DATA_DIR, the state lands in the user's state folder, and the log says where.
    const dataDir = join(home, '.local', 'state', 'omsdesk');
    expect(existsSync(join(dataDir, 'audit.jsonl'))).toBe(true);
    expect(run.stderr).toContain(dataDir);
  }, 60_000);

  it('imports by name as a library', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const m = await import('omsdesk'); console.log(typeof m.createBrokerClient, typeof m.OrderGate)",
      ],
      { cwd: app, env: bareEnv() },
    );
    expect(stdout.trim()).toBe('function function');
    const manifest = JSON.parse(await readFile(join(app, 'node_modules/omsdesk/package.json'), 'utf8'));
    expect(manifest.private).toBeUndefined();
  });
});
