import type { Dispatcher } from 'undici';

/** What came back from one exchange: status, headers and the body as text (decoding is not this layer's job). */
export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

type Controller = Dispatcher.DispatchController;

/** The UTF-8 text of a body, without a byte order mark (as undici's `body.text()` reads it). */
function utf8Text(chunks: readonly Buffer[], length: number): string {
  if (length === 0) return '';
  const whole = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
  const bom = whole.length > 2 && whole[0] === 0xef && whole[1] === 0xbb && whole[2] === 0xbf;
  return whole.toString('utf8', bom ? 3 : 0);
}

/**
 * An undici dispatch handler that gathers one answer (status, headers, the body as text) and settles a
 * promise once. `fail` ends it early: the answer's promise rejects at once and the request, started or
 * still queued for a connection, is aborted.
 */
export class BodyCollector implements Dispatcher.DispatchHandler {
  readonly #resolve: (response: HttpResponse) => void;
  readonly #reject: (error: unknown) => void;
  /** Runs once, when the promise settles (the caller drops its timer and abort hook there). */
  #onSettled: (() => void) | undefined;
  #controller: Controller | undefined;
  #failure: Error | undefined;
  #settled = false;
  #status = 0;
  #headers: HttpResponse['headers'] = {};
  readonly #chunks: Buffer[] = [];
  #length = 0;

  constructor(resolve: (response: HttpResponse) => void, reject: (error: unknown) => void) {
    this.#resolve = resolve;
    this.#reject = reject;
  }

  /** Gives the function to run once the answer's promise settles. */
  whenSettled(run: () => void): void {
    this.#onSettled = run;
  }

  /** Ends the exchange with `error` (an abort, a deadline) unless it has already settled. */
  fail(error: Error): void {
    if (this.#settled) return;
    this.#failure = error;
    this.#settle();
    this.#reject(error);
    this.#controller?.abort(error);
  }

  onRequestStart(controller: Controller): void {
    this.#controller = controller;
    if (this.#failure !== undefined) controller.abort(this.#failure);
  }

  onResponseStart(_controller: Controller, statusCode: number, headers: HttpResponse['headers']): void {
    // 1xx answers are interim: the real one follows.
    if (statusCode < 200) return;
    this.#status = statusCode;
    this.#headers = headers;
  }

  onResponseData(_controller: Controller, chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#length += chunk.length;
  }

  onResponseEnd(): void {
    if (this.#settled) return;
    this.#settle();
    this.#resolve({
      status: this.#status,
      headers: this.#headers,
      text: utf8Text(this.#chunks, this.#length),
    });
  }

  onResponseError(_controller: Controller, error: Error): void {
    if (this.#settled) return;
    this.#settle();
    this.#reject(error);
  }

  #settle(): void {
    this.#settled = true;
    this.#onSettled?.();
  }
}
