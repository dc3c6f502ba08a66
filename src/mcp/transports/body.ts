import type { IncomingMessage } from 'node:http';

/** A request body that is too large or not JSON. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

function tooLarge(maxBytes: number): BodyError {
  return new BodyError(413, `request body larger than ${maxBytes} bytes: send at most ${maxBytes} bytes`);
}

/**
 * Reads a JSON body of at most `maxBytes`, refusing as soon as it is larger. The request is left
 * readable (never destroyed) so the refusal can still be answered: see `discardBody`.
 */
export function readJsonBody(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > maxBytes) {
      reject(tooLarge(maxBytes));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      stop();
      chunks.length = 0;
      reject(tooLarge(maxBytes));
    };
    const onEnd = (): void => {
      stop();
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new BodyError(400, 'request body is not JSON: send one JSON-RPC message or a batch'));
      }
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * Drops the rest of a refused body as it arrives, so the client reads the answer instead of a reset
 * (closing a socket with unread data resets it); a client still sending after `maxMs` is cut off.
 */
export function discardBody(req: IncomingMessage, maxMs: number): void {
  if (req.readableEnded || req.destroyed) return;
  const timer = setTimeout(() => req.socket.destroy(), maxMs);
  timer.unref();
  const done = (): void => clearTimeout(timer);
  req.once('end', done);
  req.once('close', done);
  req.resume();
}
