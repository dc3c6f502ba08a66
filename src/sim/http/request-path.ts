// Paths made of plain segments are their own pathname; anything else (query, dots, escapes) goes
// through the URL parser, so both give the same path for every request.
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-]+)+\/*$/;

/** The request's path without trailing slashes, as `new URL(url).pathname` resolves it. */
export function requestPath(url: string | undefined): string {
  const raw = url ?? '/';
  const path = PLAIN_PATH.test(raw) ? raw : new URL(raw, 'http://sim').pathname;
  return path.endsWith('/') ? path.replace(/\/+$/, '') : path;
}
