import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { DiscordSignInConfig } from '../../core/config/index.js';
import { SNOWFLAKE } from '../../core/vocabulary/snowflake.js';

/** The path Discord sends people back to: register `OMSDESK_PUBLIC_URL` + this in Discord's portal. */
export const DISCORD_CALLBACK_PATH = '/sign-in/discord/callback';

/** How long a person has to come back from Discord. */
const PENDING_MS = 10 * 60_000;
/** Most sign-ins under way at once; the oldest go first. */
const PENDING_LIMIT = 1_000;
/** Most bytes read of one answer of Discord's. */
const ANSWER_LIMIT = 64 * 1024;
/** How long one call to Discord may take. */
const CALL_MS = 10_000;

/** Why a sign-in through Discord failed, in words for the page (never a token or a secret). */
export class DiscordSignInError extends Error {
  constructor(
    readonly code: 'invalid_request' | 'access_denied' | 'temporarily_unavailable',
    message: string,
  ) {
    super(message);
    this.name = 'DiscordSignInError';
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().regex(/^bearer$/i),
  scope: z
    .string()
    .refine((s) => s.split(/\s+/).includes('identify'), { message: 'the identify scope was not granted' })
    .optional(),
});

const userAnswer = z.object({ id: z.string().regex(SNOWFLAKE), username: z.string().max(100).optional() });

const base64url = (bytes: Buffer): string => bytes.toString('base64url');

/**
 * Sign-in with Discord (the authorization code flow with state and PKCE, scope `identify`): where to send
 * the person, then the code Discord sent back exchanged for the Discord user id. Discord's token is used
 * for that one `/users/@me` read and dropped: it is never stored, logged or passed on.
 */
export class DiscordSignIn {
  readonly #config: DiscordSignInConfig;
  readonly #redirect: string;
  readonly #now: () => number;
  readonly #pending = new Map<string, { interaction: string; verifier: string; at: number }>();

  constructor(config: DiscordSignInConfig, publicUrl: string, now: () => number = Date.now) {
    this.#config = config;
    this.#redirect = `${publicUrl}${DISCORD_CALLBACK_PATH}`;
    this.#now = now;
  }

  /** Discord's authorize URL for an interaction under way; its state is taken once, on the way back. */
  start(interaction: string): string {
    const state = base64url(randomBytes(24));
    const verifier = base64url(randomBytes(32));
    this.#pending.set(state, { interaction, verifier, at: this.#now() });
    if (this.#pending.size > PENDING_LIMIT) this.#pending.delete(this.#pending.keys().next().value as string);
    const url = new URL(this.#config.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: this.#config.applicationId,
      response_type: 'code',
      redirect_uri: this.#redirect,
      scope: 'identify',
      state,
      code_challenge: base64url(createHash('sha256').update(verifier).digest()),
      code_challenge_method: 'S256',
    }).toString();
    return url.toString();
  }

  /** The interaction a state belongs to (taken: a state works once), or undefined for one never given or too old. */
  take(state: string): { interaction: string; verifier: string } | undefined {
    const pending = this.#pending.get(state);
    this.#pending.delete(state);
    if (pending === undefined || this.#now() - pending.at > PENDING_MS) return undefined;
    return pending;
  }

  /** The Discord user id behind a code Discord sent back, read with the token it gives for it. */
  async userId(code: string, verifier: string): Promise<string> {
    const auth = Buffer.from(`${this.#config.applicationId}:${this.#config.clientSecret}`).toString('base64');
    const exchanged = await this.#call('/oauth2/token', {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.#redirect,
        code_verifier: verifier,
      }).toString(),
    });
    const token = tokenAnswer.safeParse(exchanged);
    if (!token.success)
      throw new DiscordSignInError('access_denied', 'Discord did not give a usable sign-in');
    const me = userAnswer.safeParse(
      await this.#call('/users/@me', { headers: { authorization: `Bearer ${token.data.access_token}` } }),
    );
    if (!me.success) throw new DiscordSignInError('access_denied', 'Discord did not say who you are');
    return me.data.id;
  }

  async #call(path: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.#config.apiUrl}${path}`, {
        ...init,
        redirect: 'error',
        signal: AbortSignal.timeout(CALL_MS),
      });
    } catch {
      throw new DiscordSignInError('temporarily_unavailable', 'Discord could not be reached');
    }
    const text = await readLimited(response);
    if (!response.ok) {
      throw new DiscordSignInError(
        response.status >= 500 ? 'temporarily_unavailable' : 'access_denied',
        `Discord refused the sign-in (HTTP ${response.status})`,
      );
    }
    try {
      return JSON.parse(text ?? '');
    } catch {
      throw new DiscordSignInError('access_denied', 'Discord answered something that is not JSON');
    }
  }
}

/** An answer's text, or undefined past the size limit (read no further). */
async function readLimited(response: Response): Promise<string | undefined> {
  const reader = response.body?.getReader();
  if (reader === undefined) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > ANSWER_LIMIT) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
