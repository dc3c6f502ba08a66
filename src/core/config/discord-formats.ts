import { isLoopback } from '../transport/loopback.js';
import { SNOWFLAKE } from '../vocabulary/snowflake.js';
import { type Field, field, shown } from './fields.js';

/** A Discord id (a snowflake: 17 to 20 digits). */
export const snowflake = (): Field<string> =>
  field((t) =>
    SNOWFLAKE.test(t)
      ? { value: t }
      : {
          problem: `expected a Discord id (17 to 20 digits, as Copy ID in Discord gives it), got ${shown(t)}`,
        },
  );

/** Comma-separated Discord ids (users or roles), duplicates dropped. */
export const snowflakes = (): Field<string[]> =>
  field((t) => {
    const items = t
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const badOnes = items.filter((item) => !SNOWFLAKE.test(item));
    if (items.length === 0) return { problem: 'expected comma-separated Discord user or role ids' };
    if (badOnes.length > 0) {
      return {
        problem: `expected Discord user or role ids (17 to 20 digits each), got ${badOnes.map(shown).join(', ')}`,
      };
    }
    return { value: [...new Set(items)] };
  });

/** Discord's REST base: https, or plain http to this machine (a test's fake); no version, no credentials. */
export const discordApiUrl = (): Field<string> =>
  field((t) => {
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      return { problem: `expected an https URL such as https://discord.com/api, got ${shown(t)}` };
    }
    if (url.username !== '' || url.password !== '')
      return { problem: 'must not contain a user name or password' };
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
      return { problem: `use https (plain http only on loopback), got ${shown(t)}` };
    }
    const base = t.replace(/\/+$/, '');
    if (/\/v\d+$/.test(base))
      return { problem: `give the base without the API version (…/api), got ${shown(t)}` };
    return { value: base };
  });

/** A bot token, checked by shape; a pasted `Bot ` prefix is dropped. */
export const discordToken = (): Field<string> =>
  field((t) => {
    const problem = discordTokenProblem(t);
    return problem === undefined ? { value: t.replace(/^Bot\s+/i, '') } : { problem };
  });

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$/;

/** A bot token check by shape only, so a pasted client secret or public key is caught without showing it. */
export function discordTokenProblem(token: string): string | undefined {
  return TOKEN_SHAPE.test(token.replace(/^Bot\s+/i, ''))
    ? undefined
    : 'expected a bot token (three dot-separated parts, from the Bot page of the Developer Portal; not the client secret or the public key)';
}
