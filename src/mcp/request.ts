import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { askerOf, clientName, type Era, type ResolvedDeps, type ToolContext } from './context.js';
import { fitOrdering, mayOrder } from './ordering.js';
import { requestPerson } from './people.js';

/**
 * What one request (a tool call, a prompt) runs with: its person, checked on this very request (with a
 * people file), the server's lists fitted to their role as it is now, and the broker client queued by
 * who asks, so one busy caller cannot hold back the others.
 */
export async function requestContext(
  tool: string,
  deps: ResolvedDeps,
  server: McpServer,
  req: ServerContext,
  era: Era,
): Promise<ToolContext> {
  const base = { tool, deps, server, req, era, signal: req.mcpReq.signal };
  const person = deps.people === undefined ? undefined : await requestPerson(deps.people, req);
  fitOrdering(server, mayOrder(person));
  const asker = askerOf(person, req, clientName(base));
  return {
    ...base,
    deps: { ...deps, client: deps.client.as({ lane: 'people', asker }) },
    ...(person === undefined ? {} : { person }),
  };
}
