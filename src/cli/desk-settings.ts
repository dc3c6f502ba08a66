import type { Config, DiscordConfig } from '../core/config/index.js';
import type { DeskSettings } from '../discord/deps.js';
import { UsageError } from './usage-error.js';

/** The Discord configuration, or a start-up error saying which variables to set. */
export function requireDiscord(config: Config): DiscordConfig {
  if (config.discord === undefined) {
    throw new UsageError(
      'DISCORD_TOKEN is not set: the Discord desk needs DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_GUILD_ID (see docs/discord.md)',
    );
  }
  return config.discord;
}

/** The web desk's page of a ticket, under the public URL sign-in serves. */
export function ticketPage(publicUrl: string): (ticketId: string) => string {
  return (id) => `${publicUrl}/tickets/${encodeURIComponent(id)}`;
}

/** Who may do what on the desk, from the configuration. */
export function deskSettings(config: Config, discord: DiscordConfig): DeskSettings {
  return {
    guildId: discord.guildId,
    approvers: discord.approvers,
    ...(discord.approvalsChannel === undefined ? {} : { approvalsChannel: discord.approvalsChannel }),
    ...(discord.monitorChannel === undefined ? {} : { monitorChannel: discord.monitorChannel }),
    fourEyes: discord.fourEyes,
    readOnly: config.policy.readOnly,
    haltCancels: config.policy.haltCancels,
    ...(config.people === undefined ? {} : { withPeople: true }),
    ...(config.signIn === undefined || config.people === undefined
      ? {}
      : { ticketUrl: ticketPage(config.signIn.publicUrl) }),
  };
}

/**
 * True when the configured desk can approve orders: it has approvers (listed, or the people file's) and an
 * approvals channel, and omsdesk is not read-only.
 */
export function deskApproves(config: Config): boolean {
  const d = config.discord;
  const approvers = config.people !== undefined || (d?.approvers.length ?? 0) > 0;
  return d !== undefined && approvers && d.approvalsChannel !== undefined && !config.policy.readOnly;
}

/**
 * With a people file, four-eyes holds in every channel: where this command runs no Discord approvals
 * channel, nobody but a requester could decide their order, so every order is refused. Said at start
 * (without DISCORD_TOKEN the configuration's own warning says it).
 */
export function fourEyesWarning(config: Config, command: string, deskDecides: boolean): string | undefined {
  if (config.people?.fourEyes !== true || config.policy.readOnly || deskDecides) return undefined;
  if (config.discord === undefined) return undefined;
  return `OMSDESK_DISCORD_FOUR_EYES=true with a people file, and ${command} runs no Discord approvals channel: four-eyes holds in every channel, so every order is refused here. Use omsdesk serve with the Discord desk and its approvals channel, or set OMSDESK_DISCORD_FOUR_EYES=false.`;
}
