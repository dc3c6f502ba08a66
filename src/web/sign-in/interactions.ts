import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import type { Logger } from '../../core/logger.js';
import type { PeopleDirectory, Person } from '../../core/people/index.js';
import { MCP_SCOPE } from '../oauth/provider.js';
import type { FormGuard } from './csrf.js';
import { DISCORD_CALLBACK_PATH, type DiscordSignIn } from './discord.js';
import { discordReturn } from './discord-return.js';
import { readForm } from './form.js';
import { sendPage } from './html.js';
import { consentPage, messagePage, signInPage } from './pages.js';

/** What the sign-in and consent pages work with. */
export interface InteractionParts {
  readonly provider: Provider;
  readonly people: Pick<PeopleDirectory, 'authenticate' | 'byDiscord' | 'byId'>;
  readonly guard: FormGuard;
  readonly discord?: DiscordSignIn;
  readonly logger: Logger;
  /**
   * The web desk's own sign-ins through Discord (started with a key it owns): it finishes them, so one
   * Discord callback serves both.
   */
  readonly desk?: {
    owns(key: string): boolean;
    arrived(res: ServerResponse, key: string, person: Person, discordUser: string): void;
  };
}

const INTERACTION = /^\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(discord|token|consent|signed-in))?$/;

/** Whether a path is one of the sign-in pages'. */
export const isPagePath = (path: string): boolean => path === DISCORD_CALLBACK_PATH || INTERACTION.test(path);

/**
 * The pages between `/authorize` and the client's redirect: sign-in (Discord, or a personal token) and
 * consent. Each post carries its form's anti-forgery token; a refusal says why on a page and is logged.
 * Returns false for a path that is not theirs.
 */
export function interactionRoutes(p: InteractionParts) {
  const refuse = (res: ServerResponse, status: number, title: string, text: string, log: string): void => {
    p.logger.warn(`sign-in refused: ${log}`);
    sendPage(res, status, messagePage(title, text));
  };

  const clientName = async (clientId: string): Promise<string> => {
    const client = await p.provider.Client.find(clientId).catch(() => undefined);
    const name = client?.clientName;
    return typeof name === 'string' && name.trim() !== '' ? name.trim().slice(0, 80) : clientId;
  };

  const details = async (req: IncomingMessage, res: ServerResponse, uid: string) => {
    const found = await p.provider.interactionDetails(req, res).catch(() => undefined);
    return found?.uid === uid ? found : undefined;
  };

  const showSignIn = async (
    res: ServerResponse,
    uid: string,
    clientId: string,
    problem?: string,
  ): Promise<void> => {
    sendPage(
      res,
      problem === undefined ? 200 : 400,
      signInPage({
        action: `/interaction/${uid}`,
        csrf: { discord: p.guard.token(uid, 'discord'), token: p.guard.token(uid, 'token') },
        discord: p.discord !== undefined,
        client: await clientName(clientId),
        ...(problem === undefined ? {} : { problem }),
      }),
    );
  };

  const signedIn = async (req: IncomingMessage, res: ServerResponse, person: Person, how: string) => {
    p.logger.info(`signed in: ${person.id} (${how})`);
    await p.provider.interactionFinished(
      req,
      res,
      { login: { accountId: person.id } },
      { mergeWithLastSubmission: false },
    );
  };

  /** A sign-in page of an interaction that is over, or was never this browser's. */
  const expired = (res: ServerResponse): void =>
    refuse(
      res,
      400,
      'Sign-in expired',
      'This sign-in is over or was started elsewhere: start again from your assistant.',
      'no interaction',
    );

  const show = async (req: IncomingMessage, res: ServerResponse, uid: string): Promise<void> => {
    const found = await details(req, res, uid);
    if (found === undefined) return expired(res);
    const clientId = String(found.params.client_id ?? '');
    if (found.prompt.name === 'login') return showSignIn(res, uid, clientId);
    const person = await p.people.byId(found.session?.accountId ?? '');
    if (person === undefined)
      return refuse(
        res,
        403,
        'Not in the people file',
        'You are not in this desk’s people file, so no assistant can act for you.',
        'person gone before consent',
      );
    const redirect = String(found.params.redirect_uri ?? '');
    sendPage(
      res,
      200,
      consentPage({
        action: `/interaction/${uid}`,
        csrf: p.guard.token(uid, 'consent'),
        client: await clientName(clientId),
        redirectHost: URL.canParse(redirect) ? new URL(redirect).host : redirect,
        person,
      }),
    );
  };

  const post = async (
    req: IncomingMessage,
    res: ServerResponse,
    uid: string,
    step: string,
  ): Promise<void> => {
    const form = await readForm(req);
    if (form === undefined || !p.guard.accepts(req, form.get('csrf') ?? undefined, uid, step))
      return refuse(
        res,
        403,
        'Request refused',
        'This form was not sent from the sign-in page: start again from your assistant.',
        `forged or malformed ${step} post`,
      );
    const found = await details(req, res, uid);
    if (found === undefined) return expired(res);
    const clientId = String(found.params.client_id ?? '');
    if (step === 'discord' && found.prompt.name === 'login') {
      if (p.discord === undefined)
        return showSignIn(res, uid, clientId, 'Discord sign-in is not set up here.');
      res.writeHead(303, { location: p.discord.start(uid), 'cache-control': 'no-store' }).end();
      return;
    }
    if (step === 'token' && found.prompt.name === 'login') {
      const checked = await p.people.authenticate(form.get('token') ?? undefined);
      if (!checked.ok) {
        p.logger.warn(`sign-in refused: personal token (${checked.reason})`);
        return showSignIn(res, uid, clientId, `That personal token does not work: ${checked.message}.`);
      }
      return signedIn(req, res, checked.person, 'personal token');
    }
    if (step === 'consent' && found.prompt.name === 'consent') return consent(req, res, found, form);
    return refuse(
      res,
      400,
      'Request refused',
      'This step does not fit where the sign-in is: start again from your assistant.',
      `${step} out of order`,
    );
  };

  const consent = async (
    req: IncomingMessage,
    res: ServerResponse,
    found: Awaited<ReturnType<Provider['interactionDetails']>>,
    form: URLSearchParams,
  ): Promise<void> => {
    const accountId = found.session?.accountId ?? '';
    const person = await p.people.byId(accountId);
    if (form.get('decision') !== 'approve' || person === undefined) {
      p.logger.warn(
        `sign-in refused: ${person === undefined ? 'person gone before consent' : `${accountId} denied the client`}`,
      );
      await p.provider.interactionFinished(req, res, {
        error: 'access_denied',
        error_description: person === undefined ? 'not in the people file' : 'the person denied access',
      });
      return;
    }
    const clientId = String(found.params.client_id ?? '');
    const grant =
      (found.grantId === undefined ? undefined : await p.provider.Grant.find(found.grantId)) ??
      new p.provider.Grant({ accountId, clientId });
    const details = found.prompt.details as {
      missingOIDCScope?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope !== undefined) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.length === 0 ? MCP_SCOPE : scopes.join(' '));
    const grantId = await grant.save();
    p.logger.info(`grant made: ${accountId} allowed ${await clientName(clientId)}`);
    await p.provider.interactionFinished(
      req,
      res,
      { consent: { grantId } },
      { mergeWithLastSubmission: true },
    );
  };

  const back = discordReturn({
    ...(p.discord === undefined ? {} : { discord: p.discord }),
    people: p.people,
    ...(p.desk === undefined ? {} : { desk: p.desk }),
    refuse,
    details,
    signedIn,
  });

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> => {
    if (url.pathname === DISCORD_CALLBACK_PATH && req.method === 'GET') {
      await back.fromDiscord(res, url);
      return true;
    }
    const match = INTERACTION.exec(url.pathname);
    if (match === null) return false;
    const [, uid = '', step] = match;
    if (step === undefined && req.method === 'GET') await show(req, res, uid);
    else if (step === 'signed-in' && req.method === 'GET') await back.finishDiscord(req, res, uid, url);
    else if (step !== undefined && step !== 'signed-in' && req.method === 'POST')
      await post(req, res, uid, step);
    else sendPage(res, 405, messagePage('Not allowed', 'This page does not take that.'));
    return true;
  };
}
