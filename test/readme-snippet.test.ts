import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/build.js';

const README = await readFile(join(ROOT, 'README.md'), 'utf8');
/** Every page a reader is sent to for connecting a client. */
const PAGES = ['README.md', 'docs/mcp.md', 'docs/people.md', 'docs/operations.md'];

/** The first client configuration under "Connect an MCP client": what a newcomer pastes first. */
function firstSnippet(): { command: string; args: string[] } {
  const start = README.indexOf('## Connect an MCP client');
  const json = /```json\n([\s\S]*?)```/.exec(README.slice(start))?.[1] ?? '{}';
  const parsed = JSON.parse(json) as { mcpServers: { omsdesk: { command: string; args: string[] } } };
  return parsed.mcpServers.omsdesk;
}

let home: string;
beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'omsdesk-newcomer-'));
});
afterAll(() => rm(home, { recursive: true, force: true }));

describe("the README's first install works as written", () => {
  it('starts omsdesk from a clone built as the README says: a quote, and one order confirmed by the person', async () => {
    const snippet = firstSnippet();
    expect(snippet.command).not.toBe('npx');
    const args = snippet.args.map((a) => a.replace('/path/to/omsdesk', ROOT));
    // A fresh home and no OMSDESK_ variable: the client passes only what its configuration says.
    const transport = new StdioClientTransport({
      command: snippet.command === 'node' ? process.execPath : snippet.command,
      args,
      cwd: home,
      env: { PATH: process.env.PATH ?? '', HOME: home, NODE_NO_WARNINGS: '1' },
      stderr: 'ignore',
    });
    const client = new Client(
      { name: 'newcomer', version: '1' },
      { capabilities: { elicitation: { form: {} } } },
    );
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
    await client.connect(transport);
    try {
      const quote = await client.callTool({ name: 'get_quote', arguments: { instrument: 'RELIANCE' } });
      expect((quote.structuredContent as { lastPrice: number }).lastPrice).toBeGreaterThan(0);
      const order = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
      const placed = await client.callTool({ name: 'place_order', arguments: order });
      expect(placed.structuredContent).toMatchObject({ confirmation: 'elicitation' });
      const book = await client.callTool({ name: 'get_order_book', arguments: {} });
      expect((book.structuredContent as { total: number }).total).toBe(1);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('gives the npx form only as what works once omsdesk is published', async () => {
    for (const page of PAGES) {
      const paragraphs = (await readFile(join(ROOT, page), 'utf8')).split(/\n\s*\n/);
      const npx = paragraphs.filter((p) => /npx -y omsdesk|"npx",?\s*"(?:args": \[")?-y"/.test(p));
      for (const p of npx)
        expect([page, p]).toEqual([page, expect.stringMatching(/once omsdesk is\s+published/i)]);
    }
    expect(README).toMatch(/once omsdesk is\s+published/i);
  });
});
