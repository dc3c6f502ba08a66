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

/**
 * Discord settings given without a token: the bot will not run, which is worth saying. With a people file,
 * four-eyes is no Discord setting: it holds in every channel, and with no Discord approver it refuses
 * every order, which is said instead.
 */
export function discordWarnings(raw: Raw, v: Parsed, withPeople: boolean): string[] {
  if (given(raw, 'DISCORD_TOKEN')) return [];
  // Sign-in with Discord uses the application's id and the REST base without a bot.
  const signIn = given(raw, 'DISCORD_CLIENT_SECRET');
  const set = DISCORD_SETTINGS.filter(
    (name) =>
      given(raw, name) &&
      !(withPeople && name === 'OMSDESK_DISCORD_FOUR_EYES') &&
      !(signIn && (name === 'DISCORD_APPLICATION_ID' || name === 'DISCORD_API_URL')),
  );
  const ignored =
    set.length === 0
      ? []
      : [`${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} ignored without DISCORD_TOKEN.`];
  return withPeople && v.OMSDESK_DISCORD_FOUR_EYES === true ? [...ignored, FOUR_EYES_WITHOUT_DESK] : ignored;
}

/** Four-eyes with a people file where no Discord desk runs: nobody but the requester could decide. */
export const FOUR_EYES_WITHOUT_DESK =
  "OMSDESK_DISCORD_FOUR_EYES=true with a people file and no Discord desk: four-eyes holds in every channel, and with no Discord approver to decide another person's order, every order is refused. Run omsdesk serve with the Discord desk (DISCORD_TOKEN), or set OMSDESK_DISCORD_FOUR_EYES=false to let each person confirm their own orders in their assistant.";
