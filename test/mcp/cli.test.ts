import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lines, spawnCli } from '../helpers/cli.js';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'omsdesk-mcp-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('omsdesk mcp and serve commands', () => {
  it('mcp refuses to start with OMSDESK_CONFIRM=discord while no Discord approver exists', async () => {
    const child = spawnCli(['mcp'], { OMSDESK_DATA_DIR: dataDir, OMSDESK_CONFIRM: 'discord' });
    child.stdin.end(); // no client: the refusal is not kept for one
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/OMSDESK_CONFIRM=discord needs the Discord approver/);
  });

  it('serve prints how to connect, serves MCP over HTTP, and stops cleanly on SIGINT', async () => {
    const child = spawnCli(['serve', '--port', '0'], {
      OMSDESK_DATA_DIR: dataDir,
      OMSDESK_LOG_LEVEL: 'warn',
    });
    const out = lines(child);
    const listening = await out.waitFor(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
    const url = /(http:\S+)/.exec(listening)?.[1] as string;
    await out.waitFor(/Ctrl-C stops/);
    const text = out.all.join('\n');
    expect(text).toContain(`claude mcp add --transport http omsdesk ${url}`);
    expect(text).toMatch(/"type": "http",\s*"url": "http:\/\/127\.0\.0\.1:\d+\/mcp"/);
    expect(text).toMatch(/"args": \[[^\]]*"mcp"/);
    const client = new Client({ name: 'serve-test', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    expect((await client.listTools()).tools.length).toBeGreaterThanOrEqual(15);
    await client.close();
    child.kill('SIGINT');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
    expect(out.all.join('\n')).toContain('omsdesk stopped');
  });
});
