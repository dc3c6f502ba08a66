import { parseArgs } from 'node:util';
import type { Config } from '../../core/config/index.js';
import { deskApproves, requireDiscord } from '../desk-settings.js';
import { startDesk } from '../discord-desk.js';
import { stopRequests, untilSignal } from '../lifecycle.js';
import type { Ops } from '../ops/ops.js';
import { startFromEnvironment } from '../runtime.js';
import { StartInterrupted } from '../start-login.js';

export const DISCORD_USAGE =
  'omsdesk discord   (the Discord desk alone; DISCORD_TOKEN, DISCORD_APPLICATION_ID and DISCORD_GUILD_ID set)';

/** The probes and metrics on `OMSDESK_HEALTH_PORT`, when set (only then is the metrics library loaded). */
interface HealthPort {
  readonly ops: Ops;
  readonly url: string;
  close(): Promise<void>;
}

async function startHealthPort(config: Config): Promise<HealthPort | undefined> {
  const { port, host } = config.health;
  if (port === undefined) return undefined;
  const [{ createOps }, { startHealthServer }] = await Promise.all([
    import('../ops/ops.js'),
    import('../ops/health-server.js'),
  ]);
  const ops = createOps();
  const server = await startHealthServer({ host, port, token: config.mcp.token, routes: ops.routes });
  return { ops, ...server };
}

/** `omsdesk discord`: the bot alone, against the embedded paper broker unless a broker URL is set. */
export async function discordCommand(argv: readonly string[]): Promise<void> {
  parseArgs({ args: [...argv], options: {}, strict: true });
  const stopping = stopRequests();
  let health: HealthPort | undefined;
  const rt = await startFromEnvironment('omsdesk discord', (config) => void requireDiscord(config), {
    // Up before the runtime: a supervisor sees the process alive, and not ready, while it starts.
    configured: async (config) => {
      health = await startHealthPort(config);
      return health === undefined ? {} : { observer: health.ops.client };
    },
  }).catch(async (error: unknown) => {
    await health?.close();
    throw error;
  });
  health?.ops.runtime(rt);
  const desk = await startDesk(rt, stopping).catch(async (error: unknown) => {
    await health?.close();
    await rt.close();
    throw stopping.aborted ? new StartInterrupted() : error;
  });
  health?.ops.desk(desk);
  health?.ops.started();
  const broker = rt.config.broker.mode === 'paper' ? 'embedded paper broker (paper money)' : 'LIVE broker';
  const approvals = deskApproves(rt.config)
    ? 'orders need an approver on their card'
    : 'read-only desk: no order commands (set OMSDESK_DISCORD_APPROVERS and OMSDESK_DISCORD_APPROVALS_CHANNEL)';
  console.log(`omsdesk Discord desk online as ${desk.botName}`);
  console.log(`${broker}; ${approvals}`);
  if (health !== undefined) console.log(`health and metrics at ${health.url} (/healthz, /readyz, /metrics)`);
  console.log('Ctrl-C stops.');
  await untilSignal(async () => {
    await rt.drain();
    await desk.close();
    await health?.close();
    await rt.close();
    console.log('omsdesk stopped');
  });
}
