import type { ServerResponse } from 'node:http';

/**
 * A response about to leave: its status and JSON body, or the text to send as is (`text`, with the
 * encoded `bytes` when a cache already holds them).
 */
export interface Reply {
  status: number;
  body: unknown;
  text?: string;
  bytes?: Buffer;
  contentType?: string;
  headers?: Record<string, string>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

// Bodies whose headers are written, sent together once the current I/O phase is done: answers to the
// requests that arrived together leave together, waking their clients once rather than once each.
const unsent: Array<{ readonly res: ServerResponse; readonly payload: Buffer }> = [];

function flush(): void {
  for (const { res, payload } of unsent.splice(0)) if (!res.destroyed) res.end(payload);
}

/** Sends a reply as JSON (or text): the head at once (so nothing else answers), the body with its batch. */
export function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent || res.destroyed) return;
  const payload = reply.bytes ?? Buffer.from(reply.text ?? JSON.stringify(reply.body), 'utf8');
  const type = reply.contentType ?? JSON_TYPE;
  if (reply.headers) {
    res.writeHead(reply.status, { ...reply.headers, 'content-type': type, 'content-length': payload.length });
  } else {
    res.writeHead(reply.status, ['content-type', type, 'content-length', String(payload.length)]);
  }
  if (unsent.push({ res, payload }) === 1) setImmediate(flush);
}

/**
 * A success answer a handler already wrote as JSON (from a cache of answers that only change with
 * time or state): sent as it is, encoded once, instead of serialising a body for every request.
 */
export class JsonText {
  readonly text: string;
  readonly #bytes: Buffer;

  constructor(text: string) {
    this.text = text;
    this.#bytes = Buffer.from(text, 'utf8');
  }

  /** The reply that sends this text with status 200 and the JSON content type. */
  reply(): Reply {
    return { status: 200, body: undefined, text: this.text, bytes: this.#bytes };
  }
}
