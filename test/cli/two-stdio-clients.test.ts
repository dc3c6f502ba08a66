import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpServerParams, stdioConnectError } from '../helpers/cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'omsdesk-two-clients-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A client (the SDK's v1) that starts `omsdesk mcp` on the shared data dir, as a desktop client does. */
async function stdioClient(dataDir: string): Promise<Client> {
  const client = new Client({ name: 'claude-desktop', version: '1' });
  await client.connect(new StdioClientTransport({ ...mcpServerParams(dataDir), stderr: 'ignore' }));
  return client;
}

describe('two MCP clients on one machine that each start omsdesk mcp (as the README configures them)', () => {
  it('tells the second what to do: run omsdesk serve once, which both join, or a data dir of its own', async () => {
    const dataDir = join(dir, 'alone');
    await mkdir(dataDir);
    const first = await stdioClient(dataDir);
    try {
      // The first one holds the data dir once it answers a call.
      await first.callTool({ name: 'get_limits', arguments: {} });
      const said = await stdioConnectError(mcpServerParams(dataDir));
      expect(said).toMatch(/in use by another omsdesk process: "omsdesk mcp" \(pid \d+/);
      expect(said).toContain('it is omsdesk mcp on stdio, started by another MCP client');
      expect(said).toContain('run omsdesk serve once');
      expect(said).toContain('every omsdesk mcp joins that server');
      expect(said).toContain('its own OMSDESK_DATA_DIR');
      expect(said).not.toContain('try again in a moment');
    } finally {
      await first.close();
    }
  });
});
