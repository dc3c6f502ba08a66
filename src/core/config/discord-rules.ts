import type { ConfigProblem } from './errors.js';
import type { Parsed } from './settle.js';

type Raw = Readonly<Record<string, string | undefined>>;

const given = (raw: Raw, name: string): boolean => (raw[name] ?? '').trim() !== '';

/** The Discord settings other than the token, which do nothing without it. */
const DISCORD_SETTINGS = [
  'DISCORD_APPLICATION_ID',
  'DISCORD_GUILD_ID',
  'DISCORD_API_URL',
  'OMSDESK_DISCORD_APPROVERS',
  'OMSDESK_DISCORD_APPROVALS_CHANNEL',
  'OMSDESK_DISCORD_MONITOR_CHANNEL',
  'OMSDESK_DISCORD_FOUR_EYES',
] as const;

/** Rules across the Discord variables: what the bot needs once a token is set. */
export function discordRules(v: Parsed, raw: Raw): ConfigProblem[] {
  if (!given(raw, 'DISCORD_TOKEN')) return [];
  const problems: ConfigProblem[] = [];
  for (const name of ['DISCORD_APPLICATION_ID', 'DISCORD_GUILD_ID'] as const) {
    // A value that failed its own check is already reported; do not call it missing too.
    if (!given(raw, name)) problems.push({ variable: name, message: 'required with DISCORD_TOKEN' });
  }
  if (given(raw, 'OMSDESK_DISCORD_APPROVERS') && !given(raw, 'OMSDESK_DISCORD_APPROVALS_CHANNEL')) {
    problems.push({
      variable: 'OMSDESK_DISCORD_APPROVALS_CHANNEL',
      message: 'required with OMSDESK_DISCORD_APPROVERS: order cards are posted there for the approvers',
    });
  }
  const approvals = v.OMSDESK_DISCORD_APPROVALS_CHANNEL;
  if (approvals !== undefined && approvals === v.OMSDESK_DISCORD_MONITOR_CHANNEL) {
    problems.push({
      variable: 'OMSDESK_DISCORD_MONITOR_CHANNEL',
      message: 'must differ from OMSDESK_DISCORD_APPROVALS_CHANNEL: the monitoring channel is read-only',
    });
  }
  return problems;
}

/** Discord settings given without a token: the bot will not run, which is worth saying. */
export function discordWarnings(raw: Raw): string[] {
  if (given(raw, 'DISCORD_TOKEN')) return [];
  // Sign-in with Discord uses the application's id and the REST base without a bot.
  const signIn = given(raw, 'DISCORD_CLIENT_SECRET');
  const set = DISCORD_SETTINGS.filter(
    (name) =>
      given(raw, name) && !(signIn && (name === 'DISCORD_APPLICATION_ID' || name === 'DISCORD_API_URL')),
  );
  return set.length === 0
    ? []
    : [`${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} ignored without DISCORD_TOKEN.`];
}
