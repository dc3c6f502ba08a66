import type { IncomingMessage } from 'node:http';
import { BROKER_TEXTS } from '../../core/vocabulary/index.js';
import { SimFailure } from './failure.js';

/**
 * Reads a request body as a JSON object, refusing wrong types, oversize bodies and non-objects. The
 * body is collected from `data` events (not an async iterator: one promise per request, not one per
 * chunk); a connection lost before the end rejects with the stream's error.
 */
export function readJsonObject(req: IncomingMessage, maxBytes: number): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    req.resume();
    return Promise.reject(
      new SimFailure(
        `Invalid Input : Content-Type must be application/json, got ${type === '' ? 'none' : type}`,
        { status: 415 },
      ),
    );
  }
  const declared = Number(req.headers['content-length']);
  if (declared > maxBytes) return Promise.reject(tooLarge(req, maxBytes));

  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (outcome: () => void): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      outcome();
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) settle(() => reject(tooLarge(req, maxBytes)));
      else chunks.push(chunk);
    };
    const onEnd = (): void =>
      settle(() => {
        try {
          resolve(parseObject(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
        } catch (error) {
          reject(error);
        }
      });
    const onError = (error: Error): void => settle(() => reject(error));
    const onClose = (): void => settle(() => reject(new Error('aborted')));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

function parseObject(bytes: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
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
