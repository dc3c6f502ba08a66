import type { IncomingMessage } from 'node:http';

/** Most bytes of a desk form: a token, a form id, a reason. */
const LIMIT = 4 * 1024;
/** Most bytes read and dropped of a larger body, so its sender still reads the refusal; past this the connection closes. */
const DRAIN = 1024 * 1024;

/**
 * A posted desk form's fields, or undefined when it is not a small urlencoded form. Nothing past the limit
 * is kept: a larger body is read and dropped (up to a bound) so that the answer, a page saying why, reaches
 * its sender.
 */
export async function readDeskForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  const declared = Number(req.headers['content-length'] ?? 0);
  const chunks: Buffer[] = [];
  let size = 0;
  let fits = type === 'application/x-www-form-urlencoded' && declared <= LIMIT;
  if (declared > DRAIN) return undefined;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > DRAIN) return undefined;
    if (size > LIMIT) fits = false;
    if (fits) chunks.push(chunk);
  }
  if (!fits) return undefined;
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.includes('\uFFFD')) return undefined;
  return new URLSearchParams(text);
}
