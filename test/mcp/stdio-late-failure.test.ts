import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLock } from '../../src/core/data-dir/lock.js';
import { mcpServerParams, spawnCli } from '../helpers/cli.js';

let dataDir: string;
let taken: Server;
let env: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-mcp-late-'));
  // The paper broker's port is held: the runtime fails after the data dir is taken and the client served.
  taken = createServer().listen(0, '127.0.0.1');
  await once(taken, 'listening');
  const { port } = taken.address() as { port: number };
  env = { OMSDESK_CONFIRM: 'elicit', OMSDESK_SIM_PORT: String(port) };
});

afterAll(async () => {
  taken.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('omsdesk mcp over stdio when its runtime fails after it started serving', () => {
  it("answers the client's calls with the reason", async () => {
    const transport = new StdioClientTransport({ ...mcpServerParams(dataDir, env), stderr: 'pipe' });
    let stderr = '';
    const failed = new Promise<void>((resolve) => {
      transport.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('calls are answered with the reason')) resolve();
      });
    });
    const client = new Client({ name: 'late-failure-test', version: '1' });
    try {
      await client.connect(transport);
      await failed; // the calls come after the failure, not while the start is still under way
      for (const name of ['get_quote', 'get_limits', 'get_order_book']) {
        const answer = await client.callTool({ name, arguments: { instrument: 'RELIANCE' } });
        expect(answer.isError, name).toBe(true);
        const text = (answer.content as { text: string }[])[0]?.text;
        expect(text, name).toContain('the embedded paper broker cannot listen');
        expect(text, name).toContain('OMSDESK_SIM_PORT');
      }
    } finally {
      await client.close();
    }
  });

  it('ends with the failure (exit 1) once the client has gone, and frees the data dir', async () => {
    const child = spawnCli(['mcp'], { ...mcpServerParams(dataDir, env).env });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.stdin.end();
    expect(((await once(child, 'exit')) as [number | null])[0]).toBe(1);
    expect(stderr).toContain('OMSDESK_SIM_PORT');
    const next = await DataDirLock.acquire(dataDir, 'a test');
    await next.release();
  });
});
