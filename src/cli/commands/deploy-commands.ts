import { parseArgs } from 'node:util';
import { configRedactor } from '../../core/config/index.js';
import { deployCommands } from '../../discord/deploy.js';
import { loadCliConfig } from '../config.js';
import { deskSettings, requireDiscord } from '../desk-settings.js';
import { stderrLogger } from '../logger.js';
import { UsageError } from '../usage-error.js';

export const DEPLOY_USAGE = 'omsdesk deploy-commands [--guild ID]   (default: DISCORD_GUILD_ID)';

/** `omsdesk deploy-commands`: registers the slash commands in one server (a bulk overwrite) and exits. */
export async function deployCommandsCommand(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({ args: [...argv], options: { guild: { type: 'string' } }, strict: true });
  const { config } = await loadCliConfig();
  const logger = stderrLogger(config.log.level);
  for (const warning of config.warnings) logger.warn(warning);
  const discord = requireDiscord(config);
  const guildId = values.guild ?? discord.guildId;
  if (!/^\d{17,20}$/.test(guildId))
    throw new UsageError(
      `--guild must be a Discord server id (17 to 20 digits), got "${guildId.slice(0, 30)}"`,
    );
  const names = await deployCommands({
    token: discord.token,
    apiUrl: discord.apiUrl,
    applicationId: discord.applicationId,
    guildId,
    settings: deskSettings(config, discord),
    redact: (text) => configRedactor(config).text(text),
  });
  console.log(
    `registered ${names.length} commands in server ${guildId}: ${names.map((n) => `/${n}`).join(' ')}`,
  );
}
