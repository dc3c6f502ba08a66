import { Agent, type Dispatcher, request } from 'undici';

/** What came back from one exchange: status, headers and the body as text (decoding is not this layer's job). */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

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
}

/** POSTs JSON to the broker over a keep-alive pool it owns (or the caller's dispatcher). */
export class HttpTransport {
  readonly #base: string;
  readonly #dispatcher: Dispatcher;
  readonly #owned: Agent | undefined;
  readonly #options: HttpTransportOptions;

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

  /** Sends `body` as JSON to `path` and reads the whole answer; rejects on network errors and aborts. */
  async post(path: string, body: unknown, signal: AbortSignal): Promise<HttpResponse> {
    const response = await request(`${this.#base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/plain;q=0.5' },
      body: JSON.stringify(body),
      dispatcher: this.#dispatcher,
      signal,
      headersTimeout: this.#options.headersTimeoutMs,
      bodyTimeout: this.#options.bodyTimeoutMs,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, text };
  }

  /** Closes the owned pool (waiting for requests in flight); a caller's dispatcher is left open. */
  async close(): Promise<void> {
    await this.#owned?.close();
  }
}
