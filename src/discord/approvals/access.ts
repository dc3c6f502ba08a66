import type { APIInteractionGuildMember, GuildMember } from 'discord.js';
import type { Ticket } from '../../core/gate/index.js';
import type { DeskSettings } from '../deps.js';

/** The role ids of the member behind an interaction (none when there is no member: fail closed). */
export function memberRoleIds(member: GuildMember | APIInteractionGuildMember | null): readonly string[] {
  if (member === null) return [];
  if (Array.isArray(member.roles)) return member.roles;
  return [...(member as GuildMember).roles.cache.keys()];
}

/** True when the user, or one of their roles, is on the approver list. */
export function isApprover(settings: DeskSettings, userId: string, roleIds: readonly string[]): boolean {
  return settings.approvers.includes(userId) || roleIds.some((role) => settings.approvers.includes(role));
}

/** True when four-eyes forbids this user approving this ticket: they asked for it through Discord. */
export function ownTicket(settings: DeskSettings, ticket: Ticket, userId: string): boolean {
  return settings.fourEyes && ticket.requestedBy.channel === 'discord' && ticket.requestedBy.id === userId;
}
