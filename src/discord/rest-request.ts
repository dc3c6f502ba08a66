import { DefaultRestOptions } from 'discord.js';

type MakeRequest = typeof DefaultRestOptions.makeRequest;

/**
 * discord.js's own request function, with multipart bodies (file uploads: the chart PNG) encoded to
 * bytes first. Why: undici keeps one process-wide dispatcher shared by every copy of it, so in a process
 * where the core's undici 7 made the first request, discord.js's undici 6 sends through undici 7, which
 * cannot read that FormData ("action is not a function"). Bytes pass through any version.
 */
export const makeRequest: MakeRequest = async (url, init) => {
  const body: unknown = init.body;
  if (!(body instanceof FormData)) return DefaultRestOptions.makeRequest(url, init);
  const encoded = new Response(body);
  const headers = {
    ...(init.headers as Record<string, string> | undefined),
    'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data',
  };
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return DefaultRestOptions.makeRequest(url, { ...init, headers, body: bytes });
};
