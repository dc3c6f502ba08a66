import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the server answers for one path. */
export interface FileAnswer {
  readonly status?: number;
  readonly body: Buffer | string;
  /** Send without a Content-Length, in pieces, as a streaming server would. */
  readonly chunked?: boolean;
}

/** A static file server on 127.0.0.1 and a free port, whose files a test sets and changes. */
export interface FileServer {
  readonly url: string;
  /** Paths requested so far, in order. */
  readonly requests: string[];
  set(path: string, answer: FileAnswer | Buffer | string): void;
  remove(path: string): void;
  close(): Promise<void>;
}

/** Starts the server; unknown paths answer 404. */
export async function startFileServer(): Promise<FileServer> {
  const files = new Map<string, FileAnswer>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    const answer = files.get(path);
    if (answer === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const body = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(answer.body);
    if (answer.chunked) {
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/octet-stream' });
      for (let at = 0; at < body.length; at += 65_536) res.write(body.subarray(at, at + 65_536));
      res.end();
      return;
    }
    res.writeHead(answer.status ?? 200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set(path, answer) {
      files.set(path, typeof answer === 'string' || Buffer.isBuffer(answer) ? { body: answer } : answer);
    },
    remove(path) {
      files.delete(path);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
