import { parseArgs } from 'node:util';
import { deskApproves, requireDiscord } from '../desk-settings.js';
import { startDesk } from '../discord-desk.js';
import { untilSignal } from '../lifecycle.js';
import { startFromEnvironment } from '../runtime.js';

export const DISCORD_USAGE =
  'omsdesk discord   (the Discord desk alone; DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_GUILD_ID set)';

/** `omsdesk discord`: the bot alone, against the embedded paper broker unless a broker URL is set. */
export async function discordCommand(argv: readonly string[]): Promise<void> {
  parseArgs({ args: [...argv], options: {}, strict: true });
  const rt = await startFromEnvironment('omsdesk discord', (config) => void requireDiscord(config));
  const desk = await startDesk(rt).catch(async (error: unknown) => {
    await rt.close();
    throw error;
  });
  const broker = rt.config.broker.mode === 'paper' ? 'embedded paper broker (paper money)' : 'LIVE broker';
  const approvals = deskApproves(rt.config)
    ? 'orders need an approver on their card'
    : 'read-only desk: no order commands (set OMSDESK_DISCORD_APPROVERS and OMSDESK_DISCORD_APPROVALS_CHANNEL)';
  console.log(`omsdesk Discord desk online as ${desk.botName}`);
  console.log(`${broker}; ${approvals}`);
  console.log('Ctrl-C stops.');
  await untilSignal(async () => {
    await rt.drain();
    await desk.close();
    await rt.close();
    console.log('omsdesk stopped');
  });
}
