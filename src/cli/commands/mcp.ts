import { parseArgs } from 'node:util';
import { type Config, requireStdioPerson } from '../../core/config/index.js';
import { DataDirLockedError } from '../../core/data-dir/lock.js';
import type { ApprovalChannel } from '../../core/gate/index.js';
import { canRequest, readPeople } from '../../core/people/index.js';
import { confirmationProblem } from '../../mcp/confirm/settings.js';
import type { McpDeps, McpObserver } from '../../mcp/deps.js';
import { McpSetupError, warmUp } from '../../mcp/listing.js';
import { createLateMcpService, createMcpService } from '../../mcp/server.js';
import { type StdioHandle, serveStdio } from '../../mcp/transports/stdio.js';
import { approvalsChannel } from '../approvals-channels.js';
import { loadStartConfig } from '../config.js';
import { type HeldDataDir, holdDataDir } from '../data-dir-hold.js';
import { fourEyesWarning, ticketPage } from '../desk-settings.js';
import { exitCodeFor } from '../exit-codes.js';
import { stopAsked, stopRequests, untilSignal } from '../lifecycle.js';
import { listenFailure } from '../listen-error.js';
import type { Ops } from '../ops/ops.js';
import type { Runtime } from '../runtime.js';
import { advertise, localUrl } from '../serve-advert.js';
import { mountSignIn } from '../sign-in.js';
import { refuseOverStdio } from '../stdio-refusal.js';
import { intFlag } from '../usage-error.js';

export const MCP_USAGE = 'omsdesk mcp [--http [--host 127.0.0.1] [--port 8765]]   (stdio unless --http)';

/**
 * The MCP server's dependencies from a started runtime: reads through the client, orders through the gate,
 * and the Discord approvals channel when the desk runs in the same process.
 */
export function mcpDeps(rt: Runtime, approvalChannel?: ApprovalChannel, observer?: McpObserver): McpDeps {
  const c = rt.config;
  return {
    client: rt.client,
    catalog: rt.catalog,
    gate: rt.gate,
    orders: rt.watcher,
    confirm: { mode: c.gate.confirm, allowToolConfirmLive: c.gate.allowToolConfirmLive },
    readOnly: c.policy.readOnly,
    broker: c.broker.mode,
    logger: rt.logger,
    redact: (text) => rt.redactor.text(text),
    driftLimit: { maxPct: c.gate.maxPriceDriftPct, minTicks: c.gate.maxPriceDriftTicks },
    ...(approvalChannel === undefined ? {} : { approvalChannel }),
    ...(observer === undefined ? {} : { observer }),
    ...(rt.people === undefined || c.people === undefined
      ? {}
      : {
          people: {
            directory: rt.people,
            fourEyes: c.people.fourEyes,
            ...(c.people.person === undefined ? {} : { stdioPerson: c.people.person }),
          },
        }),
  };
}

/**
 * Fails before anything starts when the confirmation settings cannot work: `withDesk` says whether this
 * process will run a Discord desk that can approve (only `omsdesk serve` does).
 */
export function checkMcpConfig(config: Config, withDesk = false): void {
  if (config.policy.readOnly) return;
  const problem = confirmationProblem(
    { mode: config.gate.confirm, allowToolConfirmLive: config.gate.allowToolConfirmLive },
    {
      hasChannel: withDesk,
      broker: config.broker.mode,
      hasWebDesk: config.signIn !== undefined && config.people !== undefined,
    },
  );
  if (problem !== undefined) throw new McpSetupError(problem);
}

/** `omsdesk mcp` never runs the Discord desk, so confirmation mode `discord` cannot work there. */
function checkStandaloneMcp(config: Config): void {
  if (!config.policy.readOnly && config.gate.confirm === 'discord') {
    throw new McpSetupError(
      'OMSDESK_CONFIRM=discord needs the Discord approver, which omsdesk mcp never runs: use omsdesk serve (MCP over HTTP, with the Discord desk in the same process)',
    );
  }
  checkMcpConfig(config);
}

/**
 * Serves MCP over HTTP for a runtime until Ctrl-C: one server per 2025-11-25 session or 2026-07-28
 * request, all on one service (one set of tool tickets and confirmation rounds); the probes and
 * metrics of `ops` beside it; and says in the data dir where it listens, for `omsdesk mcp` to join.
 */
export async function serveHttp(
  rt: Runtime,
  listen: { readonly host: string; readonly port: number; readonly command: string },
  { ops, approvalChannel }: { readonly ops?: Ops; readonly approvalChannel?: ApprovalChannel } = {},
) {
  // Loaded here: a stdio server has no use for the HTTP transport's modules (the SDK's, hono's).
  const { startHttpServer } = await import('../../mcp/transports/http.js');
  const { signIn: signInConfig } = rt.config;
  const signIn =
    signInConfig === undefined || rt.people === undefined
      ? undefined
      : await mountSignIn(signInConfig, {
          dataDir: rt.config.dataDir,
          people: rt.people,
          logger: rt.logger,
          desk: {
            gate: rt.gate,
            orders: rt.watcher,
            audit: rt.audit,
            quote: (ref) => rt.client.as({ asker: 'web desk' }).getQuote(ref),
            fourEyes: rt.config.people?.fourEyes ?? false,
            haltCancels: rt.config.policy.haltCancels,
          },
        });
  const webDesk = rt.config.policy.readOnly ? undefined : signIn?.signIn.desk?.approvals;
  const channels = approvalsChannel(webDesk, approvalChannel, rt.logger);
  const publicUrl = signIn?.signIn.desk === undefined ? undefined : signIn.signIn.issuer;
  const service = createMcpService({
    ...mcpDeps(rt, channels, ops?.mcp),
    ...(publicUrl === undefined ? {} : { webDesk: { ticketUrl: ticketPage(publicUrl) } }),
  });
  const sideRoutes = signIn === undefined ? ops?.routes : signIn.routes(ops?.routes);
  const http = await startHttpServer({
    host: listen.host,
    port: listen.port,
    ...(rt.config.mcp.token === undefined ? {} : { token: rt.config.mcp.token }),
    ...(rt.people === undefined ? {} : { people: rt.people }),
    ...(signIn === undefined ? {} : { oauth: signIn.oauth }),
    allowedOrigins: [
      ...rt.config.mcp.allowedOrigins,
      ...(signInConfig === undefined ? [] : [new URL(signInConfig.publicUrl).origin]),
    ],
    service,
    logger: rt.logger,
    ...(sideRoutes === undefined ? {} : { sideRoutes }),
  }).catch((error: unknown) => {
    service.close();
    throw listenFailure(error, 'the MCP HTTP server', 'OMSDESK_MCP_PORT (or --port)');
  });
  ops?.sessions(http.sessions);
  const advert = await advertise(rt.config, {
    command: listen.command,
    url: localUrl(http.url, listen.host),
    bearer: rt.config.mcp.token !== undefined || rt.people !== undefined,
    personal: rt.people !== undefined,
  }).catch((error: unknown) => {
    rt.logger.warn('could not say where MCP is served (omsdesk mcp cannot join this server)', {
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  });
  return {
    ...http,
    async close() {
      await advert?.withdraw();
      await http.close();
      await signIn?.signIn.close();
      service.close();
    },
  };
}

/** `omsdesk mcp --http`: the runtime, then MCP over Streamable HTTP until Ctrl-C. */
async function overHttp(host: string | undefined, port: string | undefined): Promise<void> {
  stopRequests();
  // While the runtime waits on its files and the broker's login, the first request's work gets done.
  const stopWarming = warmUp();
  const [{ startFromEnvironment }, { createOps }] = await Promise.all([
    import('../runtime.js'),
    import('../ops/ops.js'),
  ]);
  const ops = createOps();
  const command = 'omsdesk mcp --http';
  const rt = await startFromEnvironment(command, checkStandaloneMcp, { observer: ops.client }).finally(
    stopWarming,
  );
  ops.runtime(rt);
  const refusesAll = fourEyesWarning(rt.config, command, false);
  if (refusesAll !== undefined) rt.logger.warn(refusesAll);
  const listen = {
    host: host ?? rt.config.mcp.host,
    port: intFlag('port', port, rt.config.mcp.port, 0, 65535),
  };
  const http = await serveHttp(rt, { ...listen, command }, { ops }).catch(async (error: unknown) => {
    await rt.close();
    throw error;
  });
  ops.started();
  rt.logger.info(`MCP over HTTP at ${http.url}`);
  await untilSignal(async () => {
    await http.close();
    await rt.close();
  });
}

/** How long a stdio server whose runtime failed keeps answering (calls get the reason) before it exits. */
const FAILED_GRACE_MS = 30_000;

/** A client that started `omsdesk mcp` hears why it cannot start, not a closed connection; then it fails. */
async function refuseClient(error: unknown): Promise<never> {
  if (exitCodeFor(error) !== 0) {
    await refuseOverStdio(
      `omsdesk could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  throw error;
}

/** Resolves when the client goes, on Ctrl-C or SIGTERM, or after `graceMs` when given. */
async function untilClientGoes(stdio: StdioHandle, graceMs?: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve) => {
      if (graceMs !== undefined) timer = setTimeout(resolve, graceMs);
      void stdio.closed.then(resolve);
      void stopAsked().then(resolve);
    });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `omsdesk mcp`: MCP on stdio. The configuration and the data dir come first (a client is refused with
 * the reason when they fail); then the client is answered while the rest of the runtime starts (audit
 * log, paper broker, login): listing needs none of it, a call waits for it. A runtime that fails later
 * answers calls with its error until the client goes (30 s at most), then ends the process with it.
 */
async function overStdio(): Promise<void> {
  const command = 'omsdesk mcp';
  stopRequests();
  const { config, logger } = await loadStartConfig(command, requireStdioPerson).catch(refuseClient);
  let held: HeldDataDir;
  try {
    held = await holdDataDir(config, command);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) return refuseClient(error);
    // Another process holds it: join it if it serves MCP (see joinHolder), else say why not.
    const { joinHolder } = await import('../bridge/join.js');
    return joinHolder(config, logger, error).catch(refuseClient);
  }
  const refusesAll = fourEyesWarning(config, command, false);
  if (refusesAll !== undefined) logger.warn(refusesAll);
  await Promise.resolve()
    .then(() => checkStandaloneMcp(config))
    .catch(async (error: unknown) => {
      await held.release();
      return refuseClient(error);
    });
  const stop = new AbortController();
  const runtime = import('../runtime.js').then(
    (m) => m.startRuntime(config, logger, command, { signal: stop.signal, held }),
    async (error: unknown) => {
      await held.release();
      throw error;
    },
  );
  const service = createLateMcpService(
    {
      readOnly: config.policy.readOnly,
      confirm: { mode: config.gate.confirm, allowToolConfirmLive: config.gate.allowToolConfirmLive },
      broker: config.broker.mode,
      withChannel: false,
      withOrders: true,
      withPeople: config.people !== undefined,
    },
    runtime.then((rt) => mcpDeps(rt)),
  );
  const stdio = serveStdio(service, logger, undefined, stdioMayOrder(config));
  logger.info('MCP on stdio');
  try {
    const failed = await Promise.race([
      untilClientGoes(stdio).then(() => false),
      runtime.then(
        () => new Promise<never>(() => undefined),
        () => true,
      ),
    ]);
    if (failed) {
      logger.error('omsdesk could not start: calls are answered with the reason until the client goes');
      await untilClientGoes(stdio, FAILED_GRACE_MS);
    }
  } finally {
    stop.abort();
    await stdio.close();
    service.close();
  }
  // A start stopped because the client went is no failure; any other ends the process with its error.
  const rt = await runtime.catch((error: unknown) => {
    if (exitCodeFor(error) === 0) return undefined;
    throw error;
  });
  await rt?.close();
}

/**
 * With a people file: whether `OMSDESK_PERSON` may place orders, read from the file when a client connects
 * (before the runtime is up); each call reads it again.
 */
function stdioMayOrder(config: Config): (() => Promise<boolean>) | undefined {
  const people = config.people;
  if (people === undefined) return undefined;
  return async () => {
    const state = await readPeople(people.file);
    const person = state.ok ? state.byId.get(people.person ?? '') : undefined;
    return person !== undefined && canRequest(person);
  };
}

/** `omsdesk mcp`: the MCP server on stdio (logs on stderr only), or over Streamable HTTP with `--http`. */
export async function mcpCommand(argv: readonly string[]): Promise<void> {
  const { values } = parseArgs({
    args: [...argv],
    options: { http: { type: 'boolean' }, host: { type: 'string' }, port: { type: 'string' } },
    strict: true,
  });
  await (values.http ? overHttp(values.host, values.port) : overStdio());
}
