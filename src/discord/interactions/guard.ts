import type { Interaction } from 'discord.js';
import type { DeskSettings } from '../deps.js';

/** Why this interaction is refused where it happened (another server, the monitoring channel), if it is. */
export function placeRefusal(interaction: Interaction, settings: DeskSettings): string | undefined {
  if (interaction.guildId !== settings.guildId) {
    return 'omsdesk serves one Discord server only, and this is not it: nothing was done.';
  }
  if (settings.monitorChannel !== undefined && interaction.channelId === settings.monitorChannel) {
    return 'This is the read-only monitoring channel: run commands in another channel.';
  }
  return undefined;
}

/** Why a kind of command cannot run with these settings (a read-only desk), if it cannot. */
export function kindRefusal(kind: string, settings: DeskSettings): string | undefined {
  if (kind !== 'order' && kind !== 'control') return undefined;
  if (settings.approvers.length === 0) {
    return 'The desk is read-only: no approver is configured (OMSDESK_DISCORD_APPROVERS), so orders cannot be placed or trading halted from Discord.';
  }
  if (kind === 'order' && settings.readOnly) {
    return 'omsdesk is read-only (OMSDESK_READ_ONLY=true): no order can be placed.';
  }
  return undefined;
}
