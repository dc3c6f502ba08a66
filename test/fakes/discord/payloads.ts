import { BOT_ID, type FakeUser, GUILD_ID } from './ids.js';

/** The bot's own user object. */
export const BOT_USER = {
  id: BOT_ID,
  username: 'omsdesk',
  discriminator: '0',
  global_name: 'omsdesk',
  avatar: null,
  bot: true,
};

/** A user object as Discord sends it. */
export function userObject(u: FakeUser) {
  return { id: u.id, username: u.username, discriminator: '0', global_name: u.username, avatar: null };
}

/** A guild member object for interactions: the roles are what the approver check reads. */
export function memberObject(u: FakeUser) {
  return {
    user: userObject(u),
    roles: [...u.roles],
    permissions: '2248473465835073',
    joined_at: '2026-01-01T00:00:00.000000+00:00',
    deaf: false,
    mute: false,
    flags: 0,
    nick: null,
    avatar: null,
    pending: false,
    premium_since: null,
    communication_disabled_until: null,
  };
}

/** A message object with every field discord.js reads. */
export interface FakeMessage {
  id: string;
  channel_id: string;
  author: typeof BOT_USER;
  content: string;
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  mention_everyone: boolean;
  mentions: unknown[];
  mention_roles: unknown[];
  attachments: Array<{
    id: string;
    filename: string;
    size: number;
    url: string;
    proxy_url: string;
    content_type?: string;
  }>;
  embeds: Array<Record<string, unknown>>;
  components: Array<Record<string, unknown>>;
  pinned: boolean;
  type: number;
  flags: number;
  /** What the sender asked for (not part of Discord's answer: kept for assertions). */
  allowed_mentions?: unknown;
  /** The bytes of each attached file, by name (kept for assertions). */
  files?: Record<string, Uint8Array>;
  /** The nonce it was created with (Discord echoes it in the create answer). */
  nonce?: string;
  /** The first embed's title (else the content) at creation and after each edit (kept for assertions). */
  versions: string[];
}

/** What a message shows in one line: its first embed's title, else its content. */
function headline(message: Pick<FakeMessage, 'embeds' | 'content'>): string {
  return String(message.embeds[0]?.title ?? message.content);
}

/** A new message object from a create or edit body. */
export function messageObject(id: string, channelId: string, body: Record<string, unknown>): FakeMessage {
  const message: FakeMessage = {
    id,
    channel_id: channelId,
    author: BOT_USER,
    content: typeof body.content === 'string' ? body.content : '',
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: Array.isArray(body.embeds) ? (body.embeds as Array<Record<string, unknown>>) : [],
    components: Array.isArray(body.components) ? (body.components as Array<Record<string, unknown>>) : [],
    pinned: false,
    type: 0,
    flags: typeof body.flags === 'number' ? body.flags : 0,
    allowed_mentions: body.allowed_mentions,
    ...(typeof body.nonce === 'string' || typeof body.nonce === 'number'
      ? { nonce: String(body.nonce) }
      : {}),
    versions: [],
  };
  message.versions.push(headline(message));
  return message;
}

/** Applies an edit body to a message (fields not in the body stay). */
export function editMessage(message: FakeMessage, body: Record<string, unknown>): void {
  if ('content' in body) message.content = typeof body.content === 'string' ? body.content : '';
  if ('embeds' in body) message.embeds = (body.embeds as Array<Record<string, unknown>>) ?? [];
  if ('components' in body) message.components = (body.components as Array<Record<string, unknown>>) ?? [];
  if ('allowed_mentions' in body) message.allowed_mentions = body.allowed_mentions;
  if (typeof body.flags === 'number') message.flags = body.flags;
  message.edited_timestamp = new Date().toISOString();
  message.versions.push(headline(message));
}

/** The guild as GUILD_CREATE carries it: roles, text channels and the bot as a member. */
export function guildObject(channels: ReadonlyArray<{ id: string; name: string }>, roles: readonly string[]) {
  return {
    id: GUILD_ID,
    name: 'Trading desk',
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: '1200000000000000100',
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    premium_tier: 0,
    preferred_locale: 'en-US',
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    features: [],
    member_count: 4,
    large: false,
    unavailable: false,
    joined_at: '2026-01-01T00:00:00.000000+00:00',
    roles: [GUILD_ID, ...roles].map((id, position) => ({
      id,
      name: id === GUILD_ID ? '@everyone' : `role-${position}`,
      color: 0,
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: '0',
      managed: false,
      mentionable: false,
      flags: 0,
    })),
    channels: channels.map((c, position) => ({
      id: c.id,
      type: 0,
      name: c.name,
      position,
      permission_overwrites: [],
      parent_id: null,
      nsfw: false,
      topic: null,
      last_message_id: null,
      rate_limit_per_user: 0,
    })),
    members: [
      {
        user: BOT_USER,
        roles: [],
        joined_at: '2026-01-01T00:00:00.000000+00:00',
        deaf: false,
        mute: false,
        flags: 0,
      },
    ],
    threads: [],
    presences: [],
    voice_states: [],
    emojis: [],
    stickers: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}
