import type { IncomingMessage } from 'node:http';

/** Most bytes of a sign-in form: a personal token and a few fields. */
const FORM_LIMIT = 8 * 1024;

/** A posted form's fields, or undefined when it is not a small urlencoded form. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    req.resume();
    return undefined;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) {
      req.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
