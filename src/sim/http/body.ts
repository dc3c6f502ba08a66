import type { IncomingMessage } from 'node:http';
import { BROKER_TEXTS } from '../../core/vocabulary/index.js';
import { SimFailure } from './failure.js';

/** Reads a request body as a JSON object, refusing wrong types, oversize bodies and non-objects. */
export async function readJsonObject(
  req: IncomingMessage,
  maxBytes: number,
): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    throw new SimFailure(
      `Invalid Input : Content-Type must be application/json, got ${type === '' ? 'none' : type}`,
      { status: 415 },
    );
  }
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) throw tooLarge(req, maxBytes);

  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge(req, maxBytes);
    chunks.push(chunk);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new SimFailure(BROKER_TEXTS.notJsonObject, { status: 400 });
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new SimFailure(BROKER_TEXTS.notJsonObject, { status: 400 });
  }
  return parsed as Record<string, unknown>;
}

function tooLarge(req: IncomingMessage, maxBytes: number): SimFailure {
  req.resume();
  return new SimFailure(`Invalid Input : Request body too large, at most ${maxBytes} bytes`, { status: 413 });
}
