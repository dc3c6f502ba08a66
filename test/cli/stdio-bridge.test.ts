import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client as ModernClient } from '@modelcontextprotocol/client';
import { StdioClientTransport as ModernStdio } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLock } from '../../src/core/data-dir/lock.js';
import { mcpServerParams, stdioConnectError } from '../helpers/cli.js';
import { type RunningCommand, runCommand } from '../helpers/serve-child.js';
import { dataOf } from '../mcp/harness.js';
import { MODERN } from '../mcp/http-client.js';

const TOKEN = 'bridge-test-token-0123456789';
const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };

let dataDir: string;
let serve: RunningCommand;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-bridge-'));
  serve = await runCommand(['serve', '--port', '0'], {
    OMSDESK_DATA_DIR: dataDir,
    OMSDESK_CONFIRM: 'elicit',
    OMSDESK_MCP_TOKEN: TOKEN,
  });
}, 30_000);
afterAll(async () => {
  expect(await serve?.stop()).toBe(0);
  await rm(dataDir, { recursive: true, force: true });
});

/** The orders the paper broker itself holds: what reached the market, whoever asked. */
async function ordersAtBroker(): Promise<number> {
  const answer = await fetch(`${serve.paperBroker()}/_sim/orders`);
  const body = (await answer.json()) as unknown[] | { orders: unknown[] };
  return (Array.isArray(body) ? body : body.orders).length;
}

/** A 2025-11-25 client (the SDK's v1) that starts `omsdesk mcp` on the served data dir, with `env`. */
function legacyStdio(env: Record<string, string>, stderr: string[] = []) {
  const transport = new StdioClientTransport({ ...mcpServerParams(dataDir, env), stderr: 'pipe' });
  transport.stderr?.on('data', (d: Buffer) => stderr.push(d.toString()));
  const client = new Client(
    { name: 'bridge-legacy', version: '1' },
    { capabilities: { elicitation: { form: {} } } },
  );
  return { client, transport };
}

/** How connecting a client that starts `omsdesk mcp` on the served data dir with `env` fails. */
const connectError = (env: Record<string, string>): Promise<string> =>
  stdioConnectError(mcpServerParams(dataDir, env));

describe('omsdesk mcp on stdio next to a running omsdesk serve', () => {
  it('bridges a 2025-11-25 client to it: a quote, and an order confirmed in the stdio client’s form', async () => {
    const stderr: string[] = [];
    const { client, transport } = legacyStdio({ OMSDESK_MCP_TOKEN: TOKEN }, stderr);
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(transport);
    try {
      const before = await ordersAtBroker();
      const quote = await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
      expect((quote.structuredContent as { lastPrice: number }).lastPrice).toBeGreaterThan(0);
      const placed = await client.callTool({ name: 'place_order', arguments: ORDER });
      expect(placed.structuredContent).toMatchObject({ confirmation: 'elicitation' });
      expect((placed.structuredContent as { orderNumbers: string[] }).orderNumbers).toHaveLength(1);
      expect(asked).toHaveLength(1);
      expect(await ordersAtBroker()).toBe(before + 1);
    } finally {
      await client.close();
    }
    expect(stderr.join('')).toContain(`omsdesk serve (pid ${serve.child.pid}) holds the data dir: bridging`);
    // One gate, one audit log: the served process placed it, and no second paper broker was started.
    expect(stderr.join('')).not.toContain('paper broker at');
  });

  it('bridges a 2026-07-28 client (the SDK’s v2, pinned), its input-required round answered by the client', async () => {
    const transport = new ModernStdio({
      ...mcpServerParams(dataDir, { OMSDESK_MCP_TOKEN: TOKEN }),
      stderr: 'ignore',
    });
    const client = new ModernClient(
      { name: 'bridge-modern', version: '1' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: MODERN } } },
    );
    let asked = 0;
    client.setRequestHandler('elicitation/create', () => {
      asked += 1;
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(transport);
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
      const before = await ordersAtBroker();
      const quote = await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
      expect(dataOf<{ lastPrice: number }>(quote).lastPrice).toBeGreaterThan(0);
      const placed = await client.callTool({ name: 'place_order', arguments: ORDER });
      expect(dataOf<{ orderNumbers: string[] }>(placed).orderNumbers).toHaveLength(1);
      expect(asked).toBe(1);
      expect(await ordersAtBroker()).toBe(before + 1);
    } finally {
      await client.close();
    }
  });

  it('answers the first request with why when its token is missing or wrong', async () => {
    expect(await connectError({})).toMatch(
      /omsdesk serve \(pid \d+\) holds the data dir and asks every client for a bearer token: set OMSDESK_MCP_TOKEN/,
    );
    expect(await connectError({ OMSDESK_MCP_TOKEN: 'a-wrong-token-0123456789' })).toContain(
      "refused this client's credential (HTTP 401): set OMSDESK_MCP_TOKEN",
    );
  });
});

describe('omsdesk mcp on stdio next to a process it cannot join', () => {
  let other: string;
  beforeAll(async () => {
    other = await mkdtemp(join(tmpdir(), 'omsdesk-bridge-other-'));
  });
  afterAll(() => rm(other, { recursive: true, force: true }));

  const refusal = (): Promise<string> => stdioConnectError(mcpServerParams(other));

  it('refuses with the reason when the holder serves no MCP endpoint (omsdesk discord)', async () => {
    const lock = await DataDirLock.acquire(other, 'omsdesk discord');
    try {
      const said = await refusal();
      expect(said).toContain(`in use by another omsdesk process: "omsdesk discord" (pid ${process.pid}`);
      expect(said).toContain('omsdesk mcp did not join it: it serves no MCP endpoint to join');
    } finally {
      await lock.release();
    }
  });

  it('refuses, saying to connect over HTTP with a personal token, when the holder takes personal tokens', async () => {
    const lock = await DataDirLock.acquire(other, 'omsdesk serve');
    const people = join(other, 'people.json');
    await writeFile(people, JSON.stringify({ people: [{ id: 'asha', role: 'trader' }] }));
    const advert = {
      pid: process.pid,
      host: hostname(),
      command: 'omsdesk serve',
      url: 'http://127.0.0.1:8765/mcp',
      bearer: true,
      personal: true,
    };
    await writeFile(join(other, 'serve.json'), JSON.stringify(advert));
    try {
      const said = await stdioConnectError(mcpServerParams(other, { OMSDESK_PERSON: 'asha' }));
      expect(said).toContain(
        'omsdesk serve (pid ' +
          process.pid +
          ") holds the data dir and takes each person's own token: connect this client to http://127.0.0.1:8765/mcp over HTTP with your token",
      );
    } finally {
      await rm(people);
      await rm(join(other, 'serve.json'));
      await lock.release();
    }
  });

  it('refuses with the reason when the holder says where it serves but does not answer there', async () => {
    const lock = await DataDirLock.acquire(other, 'omsdesk serve');
    // A port that was free a moment ago: nothing listens on it.
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as { port: number };
        probe.close(() => resolve(free));
      });
    });
    const advert = {
      pid: process.pid,
      host: hostname(),
      command: 'omsdesk serve',
      url: `http://127.0.0.1:${port}/mcp`,
      bearer: false,
    };
    await writeFile(join(other, 'serve.json'), JSON.stringify(advert));
    try {
      expect(await refusal()).toContain(
        `the omsdesk server at http://127.0.0.1:${port}/mcp cannot be reached (ECONNREFUSED)`,
      );
    } finally {
      await lock.release();
    }
  });
});
