import type { ServerResponse } from 'node:http';

interface Held {
  readonly person: string;
  readonly credential: string | undefined;
}

/**
 * The 2026-07-28 responses still open (a call waiting for its person, a `subscriptions/listen` stream),
 * by whose they are, so that a revoked token or a removed person's are cut at once.
 */
export class PersonStreams {
  readonly #open = new Map<ServerResponse, Held>();

  /** Keeps `res` until it closes, as this person's, asked with this personal token. */
  hold(res: ServerResponse, person: string, credential: string | undefined): void {
    this.#open.set(res, { person, credential });
    res.once('close', () => this.#open.delete(res));
  }

  /** Cuts every open response of this person, or asked with this token; returns how many. */
  close(whose: { readonly person?: string; readonly credential?: string }): number {
    let cut = 0;
    for (const [res, held] of this.#open) {
      const theirs =
        (whose.person !== undefined && held.person === whose.person) ||
        (whose.credential !== undefined && held.credential === whose.credential);
      if (!theirs) continue;
      this.#open.delete(res);
      res.destroy();
      cut += 1;
    }
    return cut;
  }
}
