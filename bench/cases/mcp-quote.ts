import { createBrokerClient } from '../../src/core/client/index.js';
import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';
import { paperCredentials } from '../support/login.js';
import { startMcpPair } from '../support/mcp-pair.js';
import { serversOf } from '../support/servers.js';

const MCP = 'MCP tools/call get_quote, in memory';
const CLIENT = 'client.getQuote it wraps';

/** One MCP tool call through the SDK's real client and in-memory transport, against the client call inside it. */
export const mcpQuoteCase: BenchCase = {
  name: 'mcp-quote',
  title: 'MCP get_quote in memory vs the client call it wraps, 1 in flight, paper broker',
  proves:
    'What the MCP layer adds to a read (JSON-RPC framing, input and output schemas, resolving the ' +
    'instrument, rendering the text); target: at most 1 ms more than the client call at p50.',
  async run(ctx) {
    const servers = await serversOf(ctx);
    const broker = createBrokerClient({
      baseUrl: servers.simUrl,
      credentials: paperCredentials(),
      rateLimits: false,
      sharing: false,
    });
    const mcp = await startMcpPair(broker);
    try {
      await broker.login();
      const c = await compare(
        [
          {
            name: MCP,
            op: async () => {
              const result = await mcp.client.callTool({
                name: 'get_quote',
                arguments: { instrument: 'NSE:RELIANCE-EQ' },
              });
              if (result.isError) throw new Error(`get_quote failed: ${JSON.stringify(result.content)}`);
            },
          },
          { name: CLIENT, op: () => broker.getQuote({ exchange: 'NSE', token: '2885' }) },
        ],
        { scale: ctx.scale, opsPerRound: 1_000, concurrency: 1 },
      );
      return {
        contenders: c.contenders,
        ratios: [
          c.difference('MCP p50 - client p50', MCP, CLIENT, 'p50', 1),
          c.ratio('MCP p50 / client p50', MCP, CLIENT, 'p50'),
          c.ratio('MCP CPU per call / client', MCP, CLIENT, 'cpuPerOpUs'),
        ],
      };
    } finally {
      await mcp.close();
      await broker.close();
    }
  },
};
