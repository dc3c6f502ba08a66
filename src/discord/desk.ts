import { once } from 'node:events';
import { Client, Events, GatewayIntentBits, Status } from 'discord.js';
import type { ApprovalChannel } from '../core/gate/index.js';
import { CardBoard } from './approvals/card-board.js';
import { commandMap } from './commands/index.js';
import { type ResolvedDeps, resolveDeps } from './context.js';
import type { DeskDeps } from './deps.js';
import { onceEach } from './interactions/problems.js';
import { createRouter } from './interactions/router.js';
import { screenInteractions } from './interactions/screen.js';
import { NO_MENTIONS, restMessages } from './messages.js';
import { restPosts } from './monitor/channel-posts.js';
import { postKillFilePulls } from './monitor/kill-file.js';
import { OrderMonitor } from './monitor/monitor.js';
import { makeRequest } from './rest-request.js';
import { DeskStartError, startFailure } from './start-error.js';

/** How to reach Discord, and what the desk runs on. */
export interface DeskOptions {
  /** The bot token (a secret: never logged, never shown). */
  readonly token: string;
  /** REST base without the version (`https://discord.com/api`). */
  readonly apiUrl: string;
  readonly deps: DeskDeps;
  /** How long login may take before the start fails (default 30 s). */
  readonly readyTimeoutMs?: number;
  /** Stops a login still under way (the process was asked to stop): the start rejects with its reason. */
  readonly signal?: AbortSignal;
  /** How long shutdown waits for interactions under way (default 5 s). */
  readonly drainMs?: number;
}

/** A running desk: the approvals channel it serves, and how to stop it. */
export interface DiscordDesk {
  /** Posts tickets as order cards; pass it to the MCP server for confirmation mode `discord`. */
  readonly approvals: ApprovalChannel;
  /** The bot's user name, for start-up messages. */
  readonly botName: string;
  /** True while every gateway connection is up (read from discord.js's own state: no request). */
  gatewayConnected(): boolean;
  /** How many REST answers were 429 (rate limited) since the start; discord.js waits them out. */
  restRateLimited(): number;
  /**
   * Stops answering, lets cards still waiting say their ticket expired, saves the monitoring channel's
   * outbox (what it could not send yet is sent after the next start), and disconnects.
   */
  close(): Promise<void>;
}

/**
 * Logs the bot in (Guilds intent only) and answers every interaction through one permanent router:
 * slash commands, autocomplete, and the Confirm and Reject buttons of order cards; with a monitoring
 * channel and the order watcher, runs the channel. A missing or rejected token is a start-up error
 * (`DeskStartError`) that never shows the token.
 */
export async function startDiscordDesk(o: DeskOptions): Promise<DiscordDesk> {
  const deps = resolveDeps(o.deps);
  if (o.token.trim() === '') throw new DeskStartError('DISCORD_TOKEN is not set: the bot cannot log in');
  let rateLimited = 0;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: {
      api: o.apiUrl,
      makeRequest: async (url, init) => {
        const response = await makeRequest(url, init);
        if (response.status === 429) rateLimited += 1;
        return response;
      },
    },
    allowedMentions: NO_MENTIONS,
  });
  const life = new AbortController();
  const messages = restMessages(client.rest);
  const cards = new CardBoard({
    messages,
    gate: deps.gate,
    channelId: deps.settings.approvalsChannel,
    guildId: deps.settings.guildId,
    logger: deps.logger,
    ticketUrl: deps.settings.ticketUrl,
  });
  const problem = onceEach(deps.logger);
  screenInteractions(client, problem);
  const route = createRouter({ deps, cards, messages, commands: commandMap(), life: life.signal, problem });
  const underway = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (interaction) => {
    // The router never throws; should that ever change, nothing may escape into discord.js's handler.
    const handled = route(interaction).catch(() => undefined);
    underway.add(handled);
    void handled.finally(() => underway.delete(handled));
  });
  client.on(Events.Error, (error) =>
    deps.logger.error('discord client error', { error: deps.redact(error.message) }),
  );
  // Ends the wait for READY on failure or a stop, so no timer of a start that is over keeps the process up.
  const starting = new AbortController();
  const stop = (): void => starting.abort(o.signal?.reason);
  o.signal?.addEventListener('abort', stop, { once: true });
  try {
    const ready = once(client, Events.ClientReady, { signal: starting.signal });
    ready.catch(() => undefined);
    const login = (async () => {
      await client.login(o.token);
      await withTimeout(ready, o.readyTimeoutMs ?? 30_000);
    })();
    await Promise.race([login, aborted(starting.signal)]);
  } catch (error) {
    starting.abort();
    await cards.close();
    await client.destroy();
    if (o.signal?.aborted) throw o.signal.reason;
    throw startFailure(error, deps.redact);
  } finally {
    o.signal?.removeEventListener('abort', stop);
  }
  const monitor = await startMonitor(client, deps).catch(async (error: unknown) => {
    await cards.close();
    await client.destroy();
    throw error;
  });
  const monitorChannel = deps.settings.monitorChannel;
  const stopKillFilePosts =
    monitorChannel === undefined
      ? undefined
      : postKillFilePulls({
          gate: deps.gate,
          messages,
          channelId: monitorChannel,
          logger: deps.logger,
          redact: deps.redact,
        });
  // Cards of tickets the last process left in play show them as they are now.
  cards.refreshCarriedOver();
  const botName = client.user?.username ?? 'the bot';
  deps.logger.info(`Discord desk online as ${botName}`);
  return {
    approvals: cards,
    botName,
    gatewayConnected: () =>
      client.ws.shards.size > 0 && client.ws.shards.every((shard) => shard.status === Status.Ready),
    restRateLimited: () => rateLimited,
    async close() {
      client.removeAllListeners(Events.InteractionCreate);
      life.abort(new Error('the Discord desk is stopping'));
      stopKillFilePosts?.();
      await withTimeout(Promise.allSettled([...underway]), o.drainMs ?? 5_000).catch(() => undefined);
      await cards.close();
      await monitor?.close();
      await client.destroy();
    },
  };
}

/** Rejects with the signal's reason once it aborts. */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** The monitoring channel, when one is configured and the watcher is given. */
function startMonitor(client: Client, deps: ResolvedDeps): Promise<OrderMonitor | undefined> {
  const channelId = deps.settings.monitorChannel;
  if (channelId === undefined || deps.monitor === undefined) return Promise.resolve(undefined);
  return OrderMonitor.start({
    feed: deps.monitor.feed,
    statePath: deps.monitor.statePath,
    holidays: deps.monitor.holidays,
    posts: restPosts(client.rest, client.user?.id),
    channelId,
    books: deps.client,
    find: (id) => deps.gate.find(id),
    clock: deps.clock,
    logger: deps.logger,
    redact: deps.redact,
    ticketUrl: deps.settings.ticketUrl,
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
