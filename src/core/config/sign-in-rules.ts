import type { ConfigProblem } from './errors.js';
import type { Parsed } from './settle.js';

type Raw = Readonly<Record<string, string | undefined>>;

const given = (raw: Raw, name: string): boolean => (raw[name] ?? '').trim() !== '';

/**
 * Rules of sign-in: a public URL needs a people file (its people are who may sign in), and Discord
 * sign-in needs the public URL (Discord sends people back to it) and the application's id.
 */
export function signInRules(v: Parsed, raw: Raw, withPeople: boolean): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (given(raw, 'OMSDESK_PUBLIC_URL') && !withPeople) {
    problems.push({
      variable: 'OMSDESK_PUBLIC_URL',
      message:
        'needs a people file (OMSDESK_PEOPLE_FILE, or people.json in the data dir): its people are the ones who may sign in',
    });
  }
  if (given(raw, 'DISCORD_CLIENT_SECRET')) {
    if (!given(raw, 'OMSDESK_PUBLIC_URL'))
      problems.push({
        variable: 'OMSDESK_PUBLIC_URL',
        message: 'required with DISCORD_CLIENT_SECRET: Discord sends people back to it after they sign in',
      });
    if (!given(raw, 'DISCORD_APPLICATION_ID') && v.DISCORD_APPLICATION_ID === undefined)
      problems.push({ variable: 'DISCORD_APPLICATION_ID', message: 'required with DISCORD_CLIENT_SECRET' });
  }
  return problems;
}
