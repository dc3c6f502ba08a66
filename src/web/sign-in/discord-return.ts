import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PeopleDirectory, Person } from '../../core/people/index.js';
import { type DiscordSignIn, DiscordSignInError } from './discord.js';

/** How long a browser has, back from Discord, to finish its sign-in. */
const FINISH_MS = 10 * 60_000;

/** What the way back from Discord works with: the interactions' own refusal, lookup and sign-in. */
export interface ReturnParts {
  readonly discord?: DiscordSignIn;
  readonly people: Pick<PeopleDirectory, 'byDiscord'>;
  /** The web desk's own sign-ins (started with a key it owns): it finishes them itself. */
  readonly desk?: {
    owns(key: string): boolean;
    arrived(res: ServerResponse, key: string, person: Person, discordUser: string): void;
  };
  refuse(res: ServerResponse, status: number, title: string, text: string, log: string): void;
  details(req: IncomingMessage, res: ServerResponse, uid: string): Promise<unknown>;
  signedIn(req: IncomingMessage, res: ServerResponse, person: Person, how: string): Promise<void>;
}

/**
 * The way back from Discord, in two steps: Discord's redirect (the state taken once, the code exchanged,
 * the Discord user mapped to a person), then the browser sent to its interaction's own path, where the
 * interaction's cookie lives, to finish: only the browser that started this sign-in can.
 */
export function discordReturn(p: ReturnParts) {
  /** Who Discord said signed in, per interaction, until its own browser comes to finish (once). */
  const arrived = new Map<string, { nonce: string; person: Person; at: number }>();

  /** Discord's redirect: who signed in, checked, and the browser sent on to finish. */
  const fromDiscord = async (res: ServerResponse, url: URL): Promise<void> => {
    const discord = p.discord;
    if (discord === undefined)
      return p.refuse(
        res,
        404,
        'Not found',
        'Discord sign-in is not set up here.',
        'discord callback without discord',
      );
    const pending = discord.take(url.searchParams.get('state') ?? '');
    if (pending === undefined)
      return p.refuse(
        res,
        400,
        'Sign-in refused',
        'This answer from Discord does not match a sign-in started here (invalid state): start again from your assistant.',
        'discord state mismatch',
      );
    const error = url.searchParams.get('error');
    const code = url.searchParams.get('code');
    if (error !== null || code === null)
      return p.refuse(
        res,
        400,
        'Sign-in refused',
        `Discord did not sign you in (${(error ?? 'no code').slice(0, 40)}).`,
        'discord gave no code',
      );
    let userId: string;
    try {
      userId = await discord.userId(code, pending.verifier);
    } catch (problem) {
      const known = problem instanceof DiscordSignInError;
      return p.refuse(
        res,
        502,
        'Sign-in failed',
        `${known ? problem.message : 'Discord sign-in failed'}: try again later.`,
        `discord: ${known ? problem.message : 'unexpected failure'}`,
      );
    }
    const person = await p.people.byDiscord(userId);
    if (person === undefined)
      return p.refuse(
        res,
        403,
        'Not in the people file',
        'Your Discord account is not linked to anyone in this desk’s people file, so no assistant can act for you. Ask the desk’s operator to add you.',
        `discord user ${userId} is in no people file`,
      );
    if (p.desk?.owns(pending.interaction)) return p.desk.arrived(res, pending.interaction, person, userId);
    const nonce = randomBytes(18).toString('base64url');
    arrived.set(pending.interaction, { nonce, person, at: Date.now() });
    if (arrived.size > 1_000) arrived.delete(arrived.keys().next().value as string);
    res
      .writeHead(303, {
        location: `/interaction/${pending.interaction}/signed-in?n=${nonce}`,
        'cache-control': 'no-store',
      })
      .end();
  };

  /** The browser that started the sign-in, back from Discord: the person is signed in. */
  const finishDiscord = async (
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    url: URL,
  ): Promise<void> => {
    const came = arrived.get(uid);
    arrived.delete(uid);
    const found = await p.details(req, res, uid);
    if (
      found === undefined ||
      came === undefined ||
      came.nonce !== url.searchParams.get('n') ||
      Date.now() - came.at > FINISH_MS
    )
      return p.refuse(
        res,
        400,
        'Sign-in refused',
        'This sign-in was started in another browser or is over: start again from your assistant.',
        'discord sign-in finished without its interaction',
      );
    return p.signedIn(req, res, came.person, 'discord');
  };

  return { fromDiscord, finishDiscord };
}
