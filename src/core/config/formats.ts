import { fromIst } from '../time/ist.js';
import { isLoopback } from '../transport/loopback.js';
import { type Field, field, shown } from './fields.js';

/** An http(s) URL without credentials in it; plain http only to this machine. */
export const brokerUrl = (): Field<string> =>
  field((t) => {
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      return { problem: `expected an http(s) URL, got ${shown(t)}` };
    }
    // A URL can carry a password; never echo one back.
    if (url.username !== '' || url.password !== '') {
      return {
        problem: 'must not contain a user name or password: use OMSDESK_USER_ID and OMSDESK_PASSWORD',
      };
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return { problem: `expected an http(s) URL, got ${shown(t)}` };
    }
    if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
      return { problem: `use https for a broker that is not on this machine (got ${shown(t)})` };
    }
    return { value: t.replace(/\/+$/, '') };
  });

/**
 * Where a broker publishes its instrument masters: an http(s) base URL (plain http only to this machine,
 * no credentials, query or fragment, since file names are appended to it) or a local directory.
 */
export const mastersLocation = (): Field<string> =>
  field((t) => {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return { value: t };
    let url: URL;
    try {
      url = new URL(t);
    } catch {
      return { problem: `expected an http(s) base URL or a directory, got ${shown(t)}` };
    }
    if (url.username !== '' || url.password !== '')
      return { problem: 'must not contain a user name or password' };
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      return { problem: `expected an http(s) base URL or a directory, got ${shown(t)}` };
    }
    // A query may carry a token: say what is wrong without echoing it.
    if (url.search !== '' || url.hash !== '') {
      return { problem: 'expected a base URL without ? or # (file names are appended to it)' };
    }
    if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
      return { problem: `use https for a location that is not on this machine (got ${shown(t)})` };
    }
    return { value: t.replace(/\/+$/, '') };
  });

/** A host name or IP address to listen on. */
export const host = (): Field<string> =>
  field((t) =>
    /^[A-Za-z0-9.\-:[\]]+$/.test(t)
      ? { value: t }
      : { problem: `expected a host name or IP address, got ${shown(t)}` },
  );

/** Comma-separated browser origins, `scheme://host[:port]`. */
export const origins = (): Field<string[]> =>
  field((t) => {
    const items = t
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const badOnes = items.filter((item) => {
      try {
        return new URL(item).origin !== item.replace(/\/+$/, '');
      } catch {
        return true;
      }
    });
    if (badOnes.length > 0) {
      return { problem: `expected origins like https://example.com, got ${badOnes.map(shown).join(', ')}` };
    }
    return { value: items.map((item) => item.replace(/\/+$/, '')) };
  });

/** Comma-separated calendar dates, `YYYY-MM-DD`. */
export const dates = (): Field<string[]> =>
  field((t) => {
    const items = t
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const badOnes = items.filter((item) => {
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(item);
      return !m || Number.isNaN(fromIst(Number(m[1]), Number(m[2]), Number(m[3])));
    });
    if (badOnes.length > 0)
      return { problem: `expected dates as YYYY-MM-DD, got ${badOnes.map(shown).join(', ')}` };
    return { value: [...new Set(items)].sort() };
  });

/** A base32 TOTP secret, spaces and dashes dropped and upper-cased as authenticator apps show it grouped. */
export const base32Secret = (): Field<string> =>
  field((t) => {
    const problem = base32Problem(t);
    return problem === undefined ? { value: t.replace(/[\s-]/g, '').toUpperCase() } : { problem };
  });

/** A base32 TOTP secret check: says what is wrong without showing the value. */
export function base32Problem(secret: string): string | undefined {
  const compact = secret.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z2-7]+=*$/.test(compact)) return 'expected a base32 secret (letters A-Z and digits 2-7)';
  if (compact.replace(/=+$/, '').length < 16) return 'expected a base32 secret of at least 16 characters';
  return undefined;
}

/** An MCP bearer token check: long enough to resist guessing. */
export function tokenProblem(token: string): string | undefined {
  return token.length < 16 ? 'expected at least 16 characters (a random token)' : undefined;
}
