import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIMessage,
  type REST,
  Routes,
} from 'discord.js';
import { fitEmbeds } from './text/limits.js';

/** A message the desk posts in a channel. */
export interface MessageBody {
  readonly content?: string;
  readonly embeds?: readonly APIEmbed[];
  readonly components?: readonly APIActionRowComponent<APIComponentInMessageActionRow>[];
}

/** Posting and editing the bot's own channel messages. */
export interface ChannelMessages {
  /** Posts and resolves with the message id. */
  post(channelId: string, body: MessageBody): Promise<string>;
  edit(channelId: string, messageId: string, body: MessageBody): Promise<void>;
}

/** No mention in anything the desk sends ever pings anyone. */
export const NO_MENTIONS = { parse: [] as [] };

/** Channel messages through discord.js's REST client (which waits out 429s by itself). */
export function restMessages(rest: REST): ChannelMessages {
  return {
    async post(channelId, body) {
      const message = (await rest.post(Routes.channelMessages(channelId), {
        body: { ...body, embeds: fitEmbeds(body.embeds ?? []), allowed_mentions: NO_MENTIONS },
      })) as APIMessage;
      return message.id;
    },
    async edit(channelId, messageId, body) {
      await rest.patch(Routes.channelMessage(channelId, messageId), {
        body: { ...body, embeds: fitEmbeds(body.embeds ?? []), allowed_mentions: NO_MENTIONS },
      });
    },
  };
}
