/** The desk could not start; the message says what to change and never holds the token. */
export class DeskStartError extends Error {
  override readonly name = 'DeskStartError';
}

/** A start-up failure from discord.js in words a person can act on. */
export function startFailure(error: unknown, redact: (text: string) => string): DeskStartError {
  const code = (error as { code?: unknown }).code;
  const status = (error as { status?: unknown }).status;
  if (code === 'TokenInvalid' || status === 401) {
    return new DeskStartError(
      'Discord refused the bot token (DISCORD_TOKEN): it is wrong or was reset. Copy a new one from the Bot page of the Developer Portal.',
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new DeskStartError(
    `could not connect to Discord (${redact(message).slice(0, 200)}): check DISCORD_API_URL and the network`,
  );
}
