import { DiscordAPIError } from 'discord.js';

/** Discord's "Unknown Message": the message was deleted. */
const UNKNOWN_MESSAGE = 10008;

/** A message that could not even be written (a fault of omsdesk's, never Discord's): retrying is useless. */
export class UnsendableMessage extends Error {
  override readonly name = 'UnsendableMessage';
}

/**
 * What to do after a failed post or edit: `retry` later (outages: 5xx after discord.js's own retries,
 * network errors, timeouts, and a channel the bot cannot reach yet: permissions can be fixed while the
 * outbox waits); `gone` when the message was deleted (post it again); `refused` when Discord will never
 * take this body (a malformed request): that version is given up, a later change is tried again.
 */
export function deliveryFailure(error: unknown): 'retry' | 'gone' | 'refused' {
  if (error instanceof UnsendableMessage) return 'refused';
  if (!(error instanceof DiscordAPIError)) return 'retry';
  if (error.code === UNKNOWN_MESSAGE) return 'gone';
  if (error.status === 400 || error.status === 413) return 'refused';
  return 'retry';
}

/** The failure in one line for the log (never the request body, never the token). */
export function failureText(error: unknown): string {
  if (error instanceof DiscordAPIError) return `${error.status} ${error.code}: ${error.message}`;
  const cause = (error as { cause?: { code?: unknown } }).cause?.code;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return typeof cause === 'string' ? `${message} (${cause})` : message;
}
