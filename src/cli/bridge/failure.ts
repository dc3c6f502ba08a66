/** How long a check that the server still answers may take. */
const PROBE_MS = 3_000;

/** The server's own words in an HTTP error body (a JSON-RPC error), kept short; else nothing. */
function serverWords(text: unknown): string {
  if (typeof text !== 'string') return '';
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return `: ${message.slice(0, 200)}`;
  } catch {
    // not JSON: not worth showing
  }
  return '';
}

/** What a client is told when the bridge could not deliver its request, in words it can act on. */
export function bridgeFailure(error: unknown, url: string): string {
  const data = (error as { data?: { status?: unknown; text?: unknown } } | undefined)?.data;
  const status = typeof data?.status === 'number' ? data.status : undefined;
  const server = `the omsdesk server at ${url}`;
  if (status === 401) {
    return `${server} refused this client's credential (HTTP 401): set OMSDESK_MCP_TOKEN for this client (under "env" in its configuration) to the server's token`;
  }
  if (status === 404) {
    return `${server} no longer knows this client's session (it restarted): restart the MCP client to open a new one`;
  }
  if (status !== undefined) return `${server} refused the request (HTTP ${status})${serverWords(data?.text)}`;
  const code = (error as { cause?: { code?: unknown } } | undefined)?.cause?.code;
  return `${server} cannot be reached (${typeof code === 'string' ? code : 'no answer'}): is it still running? Start it again, then restart the MCP client`;
}

/** Undefined while the server answers its health probe; otherwise what to tell requests left waiting. */
export async function serverGone(url: string): Promise<string | undefined> {
  try {
    const answer = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(PROBE_MS) });
    await answer.body?.cancel();
    return undefined;
  } catch (error) {
    return bridgeFailure(error, url);
  }
}
