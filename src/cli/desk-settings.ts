import type { Config, DiscordConfig } from '../core/config/index.js';
import type { DeskSettings } from '../discord/deps.js';
import { UsageError } from './usage-error.js';

/** The Discord configuration, or a start-up error saying which variables to set. */
export function requireDiscord(config: Config): DiscordConfig {
  if (config.discord === undefined) {
    throw new UsageError(
      'DISCORD_TOKEN is not set: the Discord desk needs DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_GUILD_ID (see the README)',
    );
  }
  return config.discord;
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
