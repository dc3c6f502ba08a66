import { Agent, type Dispatcher } from 'undici';
import { BodyCollector, type HttpResponse } from './body-collector.js';
import { DeadlineExceeded, onAbort, reasonOf } from './signals.js';

export type { HttpResponse } from './body-collector.js';

/** Connection settings of the transport. */
export interface HttpTransportOptions {
  readonly baseUrl: string;
  /** The caller's dispatcher (a `MockAgent` in tests, a shared pool in an app); not closed by `close()`. */
  readonly dispatcher?: Dispatcher;
  readonly connectTimeoutMs: number;
  readonly headersTimeoutMs: number;
  readonly bodyTimeoutMs: number;
  /** Keep-alive connections of the owned pool. */
  readonly connections: number;
  /** Aborts when the client closes: every exchange in flight then ends at once. */
  readonly lifetime: AbortSignal;
}

const HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/plain;q=0.5' };

/** Where a path of the API goes: the URL's origin and its path, as undici's `request` would split it. */
interface Target {
  readonly origin: string;
  readonly path: string;
}

/**
 * POSTs JSON to the broker over a keep-alive pool it owns (or the caller's dispatcher). It dispatches with
 * a handler that only collects the body: no URL parsed per call, no stream, no abort signal made per
 * exchange.
 */
export class HttpTransport {
  readonly #base: string;
  readonly #dispatcher: Dispatcher;
  readonly #owned: Agent | undefined;
  readonly #options: HttpTransportOptions;
  /** One entry per path of the API, so a fixed handful. */
  readonly #targets = new Map<string, Target>();

  constructor(options: HttpTransportOptions) {
    this.#options = options;
    this.#base = options.baseUrl.replace(/\/+$/, '');
    this.#owned =
      options.dispatcher === undefined
        ? new Agent({
            connections: options.connections,
            connect: { timeout: options.connectTimeoutMs },
            keepAliveTimeout: 30_000,
            keepAliveMaxTimeout: 120_000,
            headersTimeout: options.headersTimeoutMs,
            bodyTimeout: options.bodyTimeoutMs,
          })
        : undefined;
    this.#dispatcher = options.dispatcher ?? (this.#owned as Agent);
  }

  /**
   * Sends `body` as JSON to `path` and reads the whole answer. Rejects on network errors, with the
   * signal's reason when the caller or the client aborts, and with `DeadlineExceeded` when no whole
   * answer came within `timeoutMs`; either way at once, even while the request still waits for a
   * connection.
   */
  post(
    path: string,
    body: unknown,
    signal: AbortSignal | undefined,
    timeoutMs: number,
  ): Promise<HttpResponse> {
    const { lifetime } = this.#options;
    if (signal?.aborted) return Promise.reject(reasonOf(signal));
    if (lifetime.aborted) return Promise.reject(reasonOf(lifetime));
    return new Promise<HttpResponse>((resolve, reject) => {
      const collector = new BodyCollector(resolve, reject);
      const offCaller = onAbort(signal, () => collector.fail(reasonOf(signal as AbortSignal)));
      const offClient = onAbort(lifetime, () => collector.fail(reasonOf(lifetime)));
      const timer = setTimeout(
        () => collector.fail(new DeadlineExceeded(`no answer within ${timeoutMs} ms`)),
        Math.max(0, timeoutMs),
      );
      collector.whenSettled(() => {
        clearTimeout(timer);
        offCaller();
        offClient();
      });
      try {
        const { origin, path: target } = this.#target(path);
        this.#dispatcher.dispatch(
          {
            origin,
            path: target,
            method: 'POST',
            headers: HEADERS,
            body: JSON.stringify(body),
            headersTimeout: this.#options.headersTimeoutMs,
            bodyTimeout: this.#options.bodyTimeoutMs,
          },
          collector,
        );
      } catch (error) {
        collector.fail(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Closes the owned pool (waiting for requests in flight); a caller's dispatcher is left open. */
  async close(): Promise<void> {
    await this.#owned?.close();
  }

  #target(path: string): Target {
    let target = this.#targets.get(path);
    if (target === undefined) {
      const url = new URL(`${this.#base}${path}`);
      target = { origin: url.origin, path: `${url.pathname}${url.search}` };
      this.#targets.set(path, target);
    }
    return target;
  }
}
