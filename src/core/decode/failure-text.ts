import { isFailureWord } from '../wire/index.js';
import { isObject, type JsonObject, pick, pickText } from './body.js';

/** Where the families put their status word (`stat` first: a first-generation order also has a `status`). */
const STATUS_KEYS = ['stat', 'Stat', 'STAT', 'Status', 'status'] as const;

/** The gateway's `error` member: `{message}` (or a bare text), prefixed by the body's `name` when it has one. */
function errorMemberText(body: JsonObject): string | undefined {
  const error = body.error;
  const message = isObject(error)
    ? pickText(error, 'message', 'msg', 'emsg', 'description')
    : typeof error === 'string' && error.trim() !== ''
      ? error
      : undefined;
  const name = pickText(body, 'name');
  if (message === undefined) return name;
  return name === undefined ? message : `${name}: ${message}`;
}

/**
 * The readable text of a failure body, whichever family shaped it: `emsg`, `data` or `message` when one
 * is text, else the gateway's `error.message` (with its `name`), as in `{status: failed, error: {message}}`.
 */
export function failureText(body: JsonObject): string | undefined {
  return pickText(body, 'emsg', 'Emsg', 'data', 'message') ?? errorMemberText(body);
}

/** For a failure envelope of any family (a failure word under any status key): its text, else the word. */
export function envelopeFailureText(value: unknown): string | undefined {
  if (!isObject(value)) return undefined;
  const word = pick(value, ...STATUS_KEYS);
  if (!isFailureWord(word)) return undefined;
  return failureText(value) ?? String(word);
}
