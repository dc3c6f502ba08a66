/**
 * Resolves on the first Ctrl-C or SIGTERM, then runs `stop`; a second signal exits at once, so a stuck
 * shutdown never traps the user.
 */
export async function untilSignal(stop: () => Promise<void>): Promise<void> {
  await new Promise<void>((resolve) => {
    const onSignal = (): void => {
      process.once('SIGINT', () => process.exit(130));
      process.once('SIGTERM', () => process.exit(143));
      resolve();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  await stop();
}
