import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * A form's anti-forgery token: an HMAC, under the server's cookie key, of the interaction and the form's
 * purpose. A post counts only with it, with the interaction's own signed cookie (SameSite, so not sent by
 * another site's form), and from the public origin when the browser names one.
 */
export class FormGuard {
  readonly #key: Buffer;
  readonly #origin: string;

  constructor(key: Buffer, publicUrl: string) {
    this.#key = key;
    this.#origin = new URL(publicUrl).origin;
  }

  token(interaction: string, purpose: string): string {
    return createHmac('sha256', this.#key).update(`${purpose}\n${interaction}`).digest('base64url');
  }

  /** Whether a post carries this form's token and comes from the public origin (or names none). */
  accepts(req: IncomingMessage, given: string | undefined, interaction: string, purpose: string): boolean {
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== this.#origin) return false;
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
    const expected = Buffer.from(this.token(interaction, purpose));
    const actual = Buffer.from(given ?? '');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
