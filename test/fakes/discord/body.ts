import type { IncomingMessage } from 'node:http';

/** A request body as the fake reads it: JSON fields, and the files of a multipart body. */
export interface ParsedBody {
  readonly json: Record<string, unknown>;
  readonly files: Record<string, Uint8Array>;
}

/** Reads a JSON or `multipart/form-data` body (`payload_json` plus `files[n]`). */
export async function readBody(req: IncomingMessage): Promise<ParsedBody> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = String(req.headers['content-type'] ?? '');
  if (raw.length === 0) return { json: {}, files: {} };
  if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://fake/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: raw,
    }).formData();
    const files: Record<string, Uint8Array> = {};
    let json: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (key === 'payload_json') json = JSON.parse(String(value)) as Record<string, unknown>;
      else if (typeof value !== 'string') files[value.name] = new Uint8Array(await value.arrayBuffer());
    }
    return { json, files };
  }
  return { json: JSON.parse(raw.toString('utf8')) as Record<string, unknown>, files: {} };
}
