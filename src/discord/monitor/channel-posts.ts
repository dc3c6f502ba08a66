import { createHash } from 'node:crypto';
import { type APIEmbed, type APIMessage, type REST, Routes } from 'discord.js';
import { type MessageBody, NO_MENTIONS } from '../messages.js';
import { fitEmbeds } from '../text/limits.js';

/** Discord's longest nonce. */
const NONCE_MAX = 25;

/** Posting and editing the monitoring channel's messages. */
export interface MonitorPosts {
  /**
   * Posts a message under `nonce`; Discord answers a repeated nonce (from the same bot, within a few
   * minutes) with the message it already created instead of posting twice. Resolves with the message's
   * id and whether it shows `body` (a message created earlier under the nonce may show an older one).
   */
  create(
    channelId: string,
    body: MessageBody,
    nonce: string,
    signal: AbortSignal,
  ): Promise<{ readonly id: string; readonly showsBody: boolean }>;
  edit(channelId: string, messageId: string, body: MessageBody, signal: AbortSignal): Promise<void>;
  /** The channel's latest messages (up to 100, newest first) that this bot posted. */
  recent(channelId: string, signal: AbortSignal): Promise<readonly PostedMessage[]>;
}

/** A message of the bot's in the channel: its id and its first embed's footer. */
export interface PostedMessage {
  readonly id: string;
  readonly footer: string;
}

/** A nonce within Discord's 25 characters: the key itself when it fits, else a digest of it. */
export function nonceOf(key: string): string {
  if (key.length <= NONCE_MAX) return key;
  return createHash('sha256').update(key).digest('base64url').slice(0, NONCE_MAX);
}

/** The text of embeds (titles, descriptions, fields, footers): what tells two versions of a message apart. */
function embedText(embeds: readonly APIEmbed[] | undefined): string {
  return JSON.stringify(
    (embeds ?? []).map((e) => [
      e.title ?? '',
      e.description ?? '',
      (e.fields ?? []).map((f) => [f.name, f.value]),
      e.footer?.text ?? '',
    ]),
  );
}

/**
 * The monitoring channel's posts through discord.js's REST client (which waits out 429s by itself), as
 * the bot `botUserId` (without it, no message counts as the bot's).
 */
export function restPosts(rest: REST, botUserId: string | undefined): MonitorPosts {
  const payload = (body: MessageBody) => ({
    ...body,
    embeds: fitEmbeds(body.embeds ?? []),
    allowed_mentions: NO_MENTIONS,
  });
  return {
    async create(channelId, body, nonce, signal) {
      const sent = payload(body);
      const message = (await rest.post(Routes.channelMessages(channelId), {
        body: { ...sent, nonce, enforce_nonce: true },
        signal,
      })) as APIMessage;
      return { id: message.id, showsBody: embedText(message.embeds) === embedText(sent.embeds) };
    },
    async edit(channelId, messageId, body, signal) {
      await rest.patch(Routes.channelMessage(channelId, messageId), { body: payload(body), signal });
    },
    async recent(channelId, signal) {
      if (botUserId === undefined) return [];
      const query = new URLSearchParams({ limit: '100' });
      const messages = (await rest.get(Routes.channelMessages(channelId), { query, signal })) as APIMessage[];
      return messages
        .filter((m) => m.author.id === botUserId)
        .map((m) => ({ id: m.id, footer: m.embeds[0]?.footer?.text ?? '' }));
    },
  };
}
