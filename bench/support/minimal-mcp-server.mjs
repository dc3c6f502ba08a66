// The smallest useful MCP server on the same SDK: one tool over stdio, served by the same entry omsdesk
// uses (both protocol revisions). The cold-start and memory cases compare `omsdesk mcp` with it, as plain
// JavaScript run by node like the built dist is.
import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';

serveStdio(() => {
  const server = new McpServer({ name: 'minimal', version: '1.0.0' });
  server.registerTool(
    'echo',
    { description: 'Echoes its text.', inputSchema: z.object({ text: z.string() }) },
    async ({ text }) => ({ content: [{ type: 'text', text }] }),
  );
  return server;
});
