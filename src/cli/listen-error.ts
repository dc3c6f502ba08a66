/**
 * A failure to listen in words a person can act on: a port already taken (or one that needs
 * privileges) names the setting that moves it; any other failure passes unchanged.
 */
export function listenFailure(error: unknown, what: string, setting: string): unknown {
  const e = error as { code?: unknown; port?: unknown; address?: unknown } | undefined;
  const where = `port ${String(e?.port)} on ${String(e?.address)}`;
  if (e?.code === 'EADDRINUSE') {
    return new Error(
      `${what} cannot listen: ${where} is already in use (another omsdesk?); stop what holds it, or set ${setting} to a free port`,
      { cause: error },
    );
  }
  if (e?.code === 'EACCES') {
    return new Error(
      `${what} cannot listen: ${where} needs privileges; set ${setting} to a port above 1023`,
      {
        cause: error,
      },
    );
  }
  return error;
}
