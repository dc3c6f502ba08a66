import type { McpServer } from '@modelcontextprotocol/server';

/** Most suggestions a completion shows. */
export const SHOWN_SUGGESTIONS = 10;

/**
 * What a completer hands over: the first suggestions of its list, at most one more than are shown, so the
 * answer can tell whether the list goes on without reading all of it.
 */
export function firstSuggestions(all: Iterable<string>): string[] {
  const out: string[] = [];
  for (const value of all) {
    out.push(value);
    if (out.length > SHOWN_SUGGESTIONS) break;
  }
  return out;
}

interface Completion {
  readonly completion: { readonly values: readonly string[] };
}

type Handler = (request: unknown, ctx: unknown) => Promise<unknown>;

/**
 * Makes completion answers true: @modelcontextprotocol/server 2.4.0 says `total` is the number of values a
 * completer returned and `hasMore` only past 100, so a list cut short read as complete. Completers return
 * `firstSuggestions`; a list longer than shown says `hasMore` with no total (the total is unknown), a
 * shorter one gives its true total. Installed after the prompts and templates that complete registered.
 */
export function trueCompletionTotals(server: McpServer): void {
  // The SDK gives no public way to shape its completion result; its stored handler is reached this once.
  const protocol = server.server as unknown as { _getRequestHandler(method: string): Handler | undefined };
  const sdk = protocol._getRequestHandler('completion/complete');
  if (sdk === undefined) return;
  server.server.setRequestHandler('completion/complete', async (request, ctx) => {
    const { completion } = (await sdk(request, ctx)) as Completion;
    const values = completion.values.slice(0, SHOWN_SUGGESTIONS);
    return completion.values.length > SHOWN_SUGGESTIONS
      ? { completion: { values, hasMore: true } }
      : { completion: { values, total: values.length, hasMore: false } };
  });
}
