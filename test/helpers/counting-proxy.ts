import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/** Which requests the proxy keeps from the broker until `release`: a slow broker, with no clock involved. */
export type HoldRule = (path: string, body: Record<string, unknown>) => boolean;

/** One request the proxy received. */
export interface Passed {
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/**
 * An HTTP proxy on 127.0.0.1 in front of the paper broker that counts every request by path, and can
 * hold chosen ones (the broker has not seen them yet) until released: the broker's calls as a team
 * spends them, and slow reads that stay in flight exactly as long as a test wants.
 */
export interface CountingProxy {
  readonly url: string;
  /** Every request received, in order. */
  readonly passed: readonly Passed[];
  /** The HTTP status of every answer the broker gave, in order. */
  readonly statuses: readonly number[];
  /** Requests received for `path`. */
  count(path: string): number;
  /** Requests held now. */
  held(): number;
  /** Requests received and not answered yet (held ones included). */
  inFlight(): number;
  /** Holds from now on the requests `rule` picks. */
  hold(rule: HoldRule): void;
  /** Lets every held request through and stops holding. */
  release(): void;
  /** Resolves once `test` holds (checked at every request received and answered). */
  until(test: () => boolean): Promise<void>;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the proxy in front of `target` (the broker's base URL). */
export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const passed: Passed[] = [];
  const statuses: number[] = [];
  let rule: HoldRule | undefined;
  let held: Array<() => void> = [];
  let inFlight = 0;
  const watchers = new Set<() => void>();
  const changed = (): void => {
    for (const watch of [...watchers]) watch();
  };
  const forward = async (req: IncomingMessage, res: ServerResponse, text: string): Promise<void> => {
    try {
      const answer = await request(`${target}${req.url ?? '/'}`, {
        method: 'POST',
        headers: { 'content-type': String(req.headers['content-type'] ?? 'application/json') },
        body: text,
      });
      const bytes = Buffer.from(await answer.body.arrayBuffer());
      statuses.push(answer.statusCode);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (typeof value === 'string' && !['connection', 'keep-alive', 'transfer-encoding'].includes(name))
          headers[name] = value;
      }
      res.writeHead(answer.statusCode, { ...headers, 'content-length': String(bytes.length) });
      res.end(bytes);
    } catch {
      res.socket?.destroy();
    } finally {
      inFlight -= 1;
      changed();
    }
  };
  const server = createServer((req, res) => {
    void bodyOf(req).then((text) => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        // Counted all the same; the broker answers what it makes of it.
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      passed.push({ path, body });
      inFlight += 1;
      if (rule?.(path, body)) held.push(() => void forward(req, res, text));
      else void forward(req, res, text);
      changed();
    });
  });
  const release = (): void => {
    rule = undefined;
    const waiting = held;
    held = [];
    for (const go of waiting) go();
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    passed,
    statuses,
    count: (path) => passed.filter((p) => p.path === path).length,
    held: () => held.length,
    inFlight: () => inFlight,
    hold(next) {
      rule = next;
    },
    release,
    until(test) {
      if (test()) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const watch = (): void => {
          if (!test()) return;
          watchers.delete(watch);
          resolve();
        };
        watchers.add(watch);
      });
    },
    async close() {
      release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
