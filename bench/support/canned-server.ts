import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A fixed answer: the status, content type and exact bytes another server gave. */
export interface CannedAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/** The last request seen on a path: its body, so another contender can send the very same bytes. */
export interface SeenRequest {
  readonly body: string;
  readonly contentType: string;
  readonly accept: string;
}

/** A bare `node:http` server answering canned bytes per path: the floor of what serving a request costs. */
export interface CannedServer {
  readonly url: string;
  /** Connections accepted so far. */
  readonly connections: () => number;
  can(path: string, answer: CannedAnswer): void;
  seen(path: string): SeenRequest | undefined;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage, done: (body: string) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
}

/**
 * Starts a server that reads each request body whole and answers the bytes canned for its path (404
 * otherwise), with the headers the paper broker sends and its keep-alive timeout.
 */
export async function startCannedServer(): Promise<CannedServer> {
  const answers = new Map<
    string,
    { status: number; headers: Record<string, string | number>; body: Buffer }
  >();
  const seen = new Map<string, SeenRequest>();
  let connections = 0;
  const server: Server = createServer((req, res) => {
    readBody(req, (body) => {
      const path = req.url ?? '/';
      const { 'content-type': contentType = '', accept = '' } = req.headers;
      seen.set(path, { body, contentType, accept });
      const answer = answers.get(path);
      if (!answer) {
        res.writeHead(404, { 'content-length': 0 });
        res.end();
        return;
      }
      res.writeHead(answer.status, answer.headers);
      res.end(answer.body);
    });
  });
  server.keepAliveTimeout = 65_000;
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    can(path, a) {
      const body = Buffer.from(a.body, 'utf8');
      answers.set(path, {
        status: a.status,
        headers: { 'content-type': a.contentType, 'content-length': body.length },
        body,
      });
    },
    seen: (path) => seen.get(path),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
