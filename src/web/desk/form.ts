import type { IncomingMessage } from 'node:http';

/** Most bytes of a desk form: a token, a form id, a reason. */
const LIMIT = 4 * 1024;

/**
 * A posted desk form's fields, or undefined when it is not a small urlencoded form. Reading stops at the
 * limit (the rest is never buffered), so the answer can still be a page saying why.
 */
export async function readDeskForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? 0);
  if (type !== 'application/x-www-form-urlencoded' || declared > LIMIT) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > LIMIT) return undefined;
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.includes('\uFFFD')) return undefined;
  return new URLSearchParams(text);
}
