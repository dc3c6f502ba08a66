import { Agent, type Dispatcher } from 'undici';
import { FakeClock, flush } from '../support/fake-clock.js';

/** How long a request takes to reach the broker, in virtual milliseconds, by its order of sending. */
export type Latency = (index: number) => number;

/**
 * A network and a clock for a client and a paper broker sharing virtual time: each request reaches the
 * broker after its latency in virtual time; time only moves when everything waits on the clock.
 */
export class VirtualNetwork {
  readonly clock: FakeClock;
  /** Every response status, in order of arrival. */
  readonly statuses: number[] = [];
  readonly #agent = new Agent();
  readonly #latency: Latency;
  #sent = 0;
  #inFlight = 0;

  constructor(start: number, latency: Latency) {
    this.clock = new FakeClock({ start, auto: false });
    this.#latency = latency;
  }

  /** The dispatcher to give the client. */
  get dispatcher(): Dispatcher {
    return this.#agent.compose((dispatch) => (options, handler) => {
      const delay = this.#latency(this.#sent++);
      void this.clock.sleep(delay).then(() => {
        this.#inFlight += 1;
        let open = true;
        const done = (): void => {
          if (open) this.#inFlight -= 1;
          open = false;
        };
        dispatch(options, {
          onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
          onRequestUpgrade: (controller, status, headers, socket) =>
            handler.onRequestUpgrade?.(controller, status, headers, socket),
          onResponseStart: (controller, status, headers, message) => {
            this.statuses.push(status);
            return handler.onResponseStart?.(controller, status, headers, message);
          },
          onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
          onResponseEnd: (controller, trailers) => {
            done();
            return handler.onResponseEnd?.(controller, trailers);
          },
          onResponseError: (controller, error) => {
            done();
            return handler.onResponseError?.(controller, error);
          },
        });
      });
      return true;
    });
  }

  /** Runs `work` to its end, moving virtual time to the next sleep whenever no request is on the wire. */
  async drive<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    void work.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let steps = 0; !settled; steps += 1) {
      if (steps > 10_000) throw new Error('virtual time did not converge');
      await this.#quiet();
      const next = this.clock.nextAt;
      if (settled || next === undefined) continue;
      await this.clock.advance(next - this.clock.now());
    }
    return work;
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  /** Waits (in real time) until no request is on the wire and pending callbacks have run. */
  async #quiet(): Promise<void> {
    for (;;) {
      await flush(20);
      if (this.#inFlight === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
}
