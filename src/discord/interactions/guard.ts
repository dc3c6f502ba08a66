import type { APIInteractionGuildMember, GuildMember, Interaction } from 'discord.js';
import type { DeskSettings } from '../deps.js';

/** A person as a guild interaction names them. */
export interface Person {
  readonly id: string;
  readonly username: string;
}

/** The person who acted in a guild: `member.user` (the top-level `user` is for DMs). */
export function memberUser(interaction: Interaction): Person | undefined {
  const user = (interaction.member as GuildMember | APIInteractionGuildMember | null)?.user;
  return typeof user?.id === 'string' ? { id: user.id, username: user.username } : undefined;
}

/**
 * Why this interaction is refused where it happened, if it is: another server, a guild interaction whose
 * member is missing or disagrees with its user, a channel that is not the server's, or the read-only
 * monitoring channel.
 */
export function placeRefusal(interaction: Interaction, settings: DeskSettings): string | undefined {
  if (interaction.guildId !== settings.guildId) {
    return 'omsdesk serves one Discord server only, and this is not it: nothing was done.';
  }
  const person = memberUser(interaction);
  if (person === undefined || person.id !== interaction.user.id) {
    return 'Discord did not say which member of the server acted: nothing was done.';
  }
  const channel = interaction.channel;
  if (channel === null || !('guildId' in channel) || channel.guildId !== settings.guildId) {
    return 'This channel is not one of the server omsdesk serves: nothing was done.';
  }
  if (settings.monitorChannel !== undefined && interaction.channelId === settings.monitorChannel) {
    return 'This is the read-only monitoring channel: run commands in another channel.';
  }
  return undefined;
}

/** Why a kind of command cannot run with these settings (a read-only desk, no people file), if it cannot. */
export function kindRefusal(kind: string, settings: DeskSettings): string | undefined {
  if (kind === 'people' && !settings.withPeople) {
    return 'omsdesk runs without a people file (one operator): there is nobody to name and no personal token to give.';
  }
  if (kind !== 'order' && kind !== 'control') return undefined;
  if (!settings.withPeople && settings.approvers.length === 0) {
    return 'The desk is read-only: no approver is configured (OMSDESK_DISCORD_APPROVERS), so orders cannot be placed or trading halted from Discord.';
  }
  if (kind === 'order' && settings.readOnly) {
    return 'omsdesk is read-only (OMSDESK_READ_ONLY=true): no order can be placed.';
  }
  return undefined;
}
