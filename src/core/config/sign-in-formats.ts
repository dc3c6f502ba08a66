import { isLoopback } from '../transport/loopback.js';
import { type Field, field, shown } from './fields.js';

/** An origin people's browsers and assistants reach: https, or plain http only to this machine. */
function webOrigin(t: string, example: string): { value: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(t);
  } catch {
    return { problem: `expected an https URL such as ${example}, got ${shown(t)}` };
  }
  if (url.username !== '' || url.password !== '')
    return { problem: 'must not contain a user name or password' };
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    return { problem: `use https (plain http only on loopback), got ${shown(t)}` };
  if (url.search !== '' || url.hash !== '')
    return { problem: `must have no query or fragment, got ${shown(t)}` };
  return { value: t.replace(/\/+$/, '') };
}

/** `OMSDESK_PUBLIC_URL`: the origin clients reach, with no path (the issuer of the sign-in). */
export const publicUrl = (): Field<string> =>
  field((t) => {
    const checked = webOrigin(t, 'https://desk.example.com');
    if ('problem' in checked) return checked;
    if (new URL(checked.value).pathname !== '/')
      return { problem: `give the origin alone, without a path, got ${shown(t)}` };
    return checked;
  });

/** Discord's authorize page: https, or plain http to this machine (a test's fake). */
export const discordAuthorizeUrl = (): Field<string> =>
  field((t) => webOrigin(t, 'https://discord.com/oauth2/authorize'));
