import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** An initialize request as a raw client sends it. */
export const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/** What a raw request got back. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly text: string;
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** A raw POST to the endpoint with the headers given, for the guards' and the limits' answers. */
export function post(url: string, headers: Record<string, string>, body: unknown = INIT): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...JSON_HEADERS, ...headers } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => {
        text += d.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
}

/**
 * A raw POST whose body of `size` bytes is streamed in chunks without a Content-Length (or with one, when
 * `declare` is set), the way a client sends a large body: the answer may come while it is still sending.
 */
export function postStreamed(url: string, size: number, declare = false): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = { ...JSON_HEADERS, ...(declare ? { 'content-length': String(size) } : {}) };
    const req = request(url, { method: 'POST', headers }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => {
        text += d.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    const pump = (): void => {
      while (sent < size) {
        const part = chunk.slice(0, Math.min(chunk.length, size - sent));
        sent += part.length;
        if (!req.write(part)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end();
    };
    pump();
  });
}

/** The session id a raw initialize was given. */
export function sessionOf(answer: RawAnswer): string {
  return String(answer.headers['mcp-session-id'] ?? '');
}

/** A real SDK client connected over Streamable HTTP (it keeps a GET stream open, as real clients do). */
export async function connect(
  url: string,
  headers: Record<string, string> = {},
  elicit = false,
): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const client = new Client(
    { name: 'http-test', version: '1' },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  if (elicit)
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { confirm: true } }));
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  await client.connect(transport);
  return { client, transport };
}

/** A standalone GET stream held open in a session, as a connected client keeps one; resolves once it is open. */
export function openStream(url: string, sessionId: string): Promise<{ status: number; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'GET',
        headers: {
          accept: 'text/event-stream',
          'mcp-session-id': sessionId,
          'mcp-protocol-version': '2025-06-18',
        },
      },
      (res) => {
        res.on('error', () => undefined);
        resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** One server-sent event. */
export interface SseEvent {
  readonly id?: string;
  readonly data: string;
}

/** A streamed response read event by event. */
export interface SseReader {
  readonly status: number;
  /** The next event; undefined once the stream ended. Rejects when none comes within `ms`. */
  next(ms?: number): Promise<SseEvent | undefined>;
  /** Drops the connection, as a client whose network went away. */
  close(): void;
}

/** Sends a request whose answer is a stream of server-sent events, and reads it as it comes. */
export function openSse(
  url: string,
  method: 'GET' | 'POST',
  headers: Record<string, string>,
  body?: unknown,
): Promise<SseReader> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...JSON_HEADERS, ...headers } }, (res) => {
      const events: SseEvent[] = [];
      const waiting: ((e: SseEvent | undefined) => void)[] = [];
      let buffer = '';
      let ended = false;
      const push = (e: SseEvent | undefined): void => {
        const waiter = waiting.shift();
        if (waiter) waiter(e);
        else if (e) events.push(e);
      };
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        buffer += text;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const lines = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          const id = lines.find((l) => l.startsWith('id: '))?.slice(4);
          const data =
            lines
              .find((l) => l.startsWith('data:'))
              ?.slice(5)
              .trim() ?? '';
          push({ ...(id === undefined ? {} : { id }), data });
        }
      });
      const finish = (): void => {
        ended = true;
        while (waiting.length > 0) push(undefined);
      };
      res.on('end', finish);
      res.on('error', finish);
      resolve({
        status: res.statusCode ?? 0,
        next(ms = 5_000) {
          const ready = events.shift();
          if (ready || ended) return Promise.resolve(ready);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no event within ${ms} ms`)), ms);
            waiting.push((e) => {
              clearTimeout(timer);
              done(e);
            });
          });
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The protocol revision without sessions or handshake. */
export const MODERN = '2026-07-28';

/** A JSON-RPC request of 2026-07-28 as a client writes it: the `_meta` envelope and the standard headers. */
export function modernRequest(
  id: number,
  method: string,
  params: Record<string, unknown> = {},
  capabilities: Record<string, unknown> = { elicitation: { form: {} } },
): { headers: Record<string, string>; body: unknown } {
  const meta = params._meta as Record<string, unknown> | undefined;
  const name = (params.name ?? params.uri) as string | undefined;
  return {
    headers: {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name === undefined ? {} : { 'mcp-name': name }),
    },
    body: {
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          ...meta,
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientInfo': { name: 'raw-modern', version: '1' },
          'io.modelcontextprotocol/clientCapabilities': capabilities,
        },
      },
    },
  };
}

/** Posts one raw 2026-07-28 request (no session, no handshake) and reads its JSON-RPC answer. */
export async function postModern(
  url: string,
  ...args: Parameters<typeof modernRequest>
): Promise<{
  status: number;
  message: { result?: Record<string, unknown>; error?: { code: number; message: string } };
}> {
  const { headers, body } = modernRequest(...args);
  const answer = await post(url, headers, body);
  const data = answer.text.startsWith('{')
    ? answer.text
    : (answer.text
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .find((l) => l.includes('"id"')) ?? '{}');
  return { status: answer.status, message: JSON.parse(data) };
}
