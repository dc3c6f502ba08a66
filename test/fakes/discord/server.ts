import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './body.js';
import { ChannelFaults, NonceMemory, type Outage } from './channel-faults.js';
import { FakeGateway } from './gateway.js';
import {
  APPLICATION_ID,
  APPROVALS_CHANNEL,
  APPROVER_ROLE,
  BOT_TOKEN,
  MONITOR_CHANNEL,
  snowflake,
  TRADING_CHANNEL,
} from './ids.js';
import {
  autocompletePayload,
  buttonPayload,
  type CommandSpec,
  commandPayload,
  type Origin,
} from './interactions.js';
import { FakeDiscordOAuth } from './oauth.js';
import { editMessage, type FakeMessage, guildObject, messageObject } from './payloads.js';

/** One interaction the fake sent, and everything the bot answered to it. */
export interface InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly type: number;
  /** `Date.now()` when it was dispatched. */
  readonly sentAt: number;
  /** The channel it happened in (its replies are messages of that channel, as on Discord). */
  readonly channelId: string;
  /** Accepted callbacks (at most one): type 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 choices. */
  readonly acks: Array<{ type: number; data: Record<string, unknown>; at: number }>;
  /** Callbacks refused: `10062` too late, `40060` already acknowledged. */
  readonly refused: number[];
  /** The reply (after a type 4 or 5); for a component, the message it sits on. */
  original: FakeMessage | undefined;
  readonly followUps: FakeMessage[];
  deleted: boolean;
}

/** How the fake behaves. */
export interface FakeOptions {
  /** How long an interaction may wait for its first acknowledgement (Discord: 3 s). */
  readonly ackDeadlineMs?: number;
}

const LOADING = 1 << 7;

/**
 * Discord on loopback for a real discord.js client: the gateway over `ws`, and the REST routes a bot
 * uses (interaction callbacks and webhooks, channel messages, command registration), with Discord's
 * 3-second deadline, single acknowledgement and injected 429s.
 */
export class FakeDiscord {
  readonly #server: Server;
  readonly #gateway: FakeGateway;
  readonly #events = new EventEmitter();
  readonly #deadlineMs: number;
  #port = 0;
  #token = BOT_TOKEN;
  readonly #faults = new ChannelFaults();
  readonly #nonces = new NonceMemory();
  /** Commands registered per guild by the deploy step (a bulk PUT). */
  readonly commands = new Map<string, CommandSpec[]>();
  readonly channels = new Map<string, FakeMessage[]>();
  readonly interactions = new Map<string, InteractionRecord>();
  /** Discord's OAuth2 (sign-in with Discord): its authorize page, code exchange and `/users/@me`. */
  readonly oauth = new FakeDiscordOAuth();
  /** Every REST call as `METHOD /path`, in order. */
  readonly calls: string[] = [];
  /** Every answer of 400 or more, as `status METHOD /path`. */
  readonly errors: string[] = [];
  /** The most channel calls that were under way at the same time. */
  mostChannelCallsAtOnce = 0;
  #channelCalls = 0;
  /** Calls left without an answer by a `hang` outage. */
  readonly #held: Array<[IncomingMessage, ServerResponse]> = [];

  private constructor(options: FakeOptions) {
    this.#deadlineMs = options.ackDeadlineMs ?? 3_000;
    this.#events.setMaxListeners(100);
    this.#server = createServer((req, res) => {
      this.#route(req, res).catch((error: unknown) => {
        this.#json(res, 500, { message: String(error) }, req);
      });
    });
    this.#gateway = new FakeGateway(this.#server, {
      token: () => this.#token,
      wsUrl: () => `ws://127.0.0.1:${this.#port}`,
      guild: () =>
        guildObject(
          [
            { id: APPROVALS_CHANNEL, name: 'approvals' },
            { id: TRADING_CHANNEL, name: 'trading' },
            { id: MONITOR_CHANNEL, name: 'monitor' },
          ],
          [APPROVER_ROLE],
        ),
    });
    for (const id of [APPROVALS_CHANNEL, TRADING_CHANNEL, MONITOR_CHANNEL]) this.channels.set(id, []);
  }

  /** Starts the fake on 127.0.0.1 and a free port. */
  static async start(options: FakeOptions = {}): Promise<FakeDiscord> {
    const fake = new FakeDiscord(options);
    await new Promise<void>((resolve) => fake.#server.listen(0, '127.0.0.1', resolve));
    fake.#port = (fake.#server.address() as AddressInfo).port;
    return fake;
  }

  /** The REST base to give the bot (`DISCORD_API_URL`). */
  get api(): string {
    return `http://127.0.0.1:${this.#port}/api`;
  }

  /** Discord's sign-in page on the fake (`DISCORD_OAUTH_AUTHORIZE_URL`). */
  get authorizeUrl(): string {
    return `http://127.0.0.1:${this.#port}/oauth2/authorize`;
  }

  get gateway(): FakeGateway {
    return this.#gateway;
  }

  /** The bot token the fake accepts; any other is refused (401 on REST, 4004 on the gateway). */
  acceptToken(token: string): void {
    this.#token = token;
  }

  /** The next `count` channel message posts answer 429 with a short retry-after. */
  rateLimitNextPosts(count: number): void {
    this.#faults.postLimits = count;
  }

  /** The next `count` channel message edits answer 429 with a short retry-after. */
  rateLimitNextEdits(count: number): void {
    this.#faults.editLimits = count;
  }

  /**
   * Takes channel calls down until called with undefined: `error` answers 503 (discord.js retries three
   * times, then gives up), `drop` closes the connection without an answer (a network error), `hang`
   * answers nothing until the outage changes (then 503).
   */
  outage(kind: Outage | undefined): void {
    this.#faults.outage = kind;
    if (kind === 'hang') return;
    for (const [req, res] of this.#held.splice(0)) this.#down(req, res, 'error');
  }

  /** Deletes a channel message, as a moderator would; later edits of it get 404 Unknown Message. */
  deleteMessage(channelId: string, messageId: string): void {
    const list = this.channels.get(channelId) ?? [];
    const at = list.findIndex((m) => m.id === messageId);
    if (at >= 0) list.splice(at, 1);
    this.#changed();
  }

  /** False as for a bot without Read Message History: reading a channel's messages gives none. */
  readHistory = true;

  /** Lets the nonces seen so far go, as Discord does after a few minutes. */
  forgetNonces(): void {
    this.#nonces.forget();
  }

  /** The next `count` posts create their message, then drop the connection before answering. */
  loseNextPostAnswers(count: number): void {
    this.#faults.lostAnswers = count;
  }

  /** Runs a registered slash command as `origin.user`. */
  command(name: string, values: Record<string, unknown>, origin: Origin): InteractionRecord {
    return this.#dispatch(commandPayload(this.#command(name), values, origin));
  }

  /** Types into an autocompleted option of a registered command. */
  autocomplete(
    name: string,
    values: Record<string, unknown>,
    focused: string,
    origin: Origin,
  ): InteractionRecord {
    return this.#dispatch(autocompletePayload(this.#command(name), values, focused, origin));
  }

  /** Clicks a button of a message. */
  click(message: FakeMessage, customId: string, origin: Origin): InteractionRecord {
    return this.#dispatch(buttonPayload(structuredClone(message), customId, origin));
  }

  /**
   * Sends an interaction payload exactly as given (made from `commandPayload`, `buttonPayload` or by hand,
   * malformed on purpose); a string `token` makes its answers recorded as for any other interaction.
   */
  send(payload: Record<string, unknown>): InteractionRecord {
    return this.#dispatch(payload);
  }

  /** Messages posted in a channel (not interaction replies), oldest first. */
  messages(channelId: string): FakeMessage[] {
    return this.channels.get(channelId) ?? [];
  }

  /** Resolves with the probe's first defined value after any change; fails after `timeoutMs`. */
  waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 8_000): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = (): boolean => {
        const value = probe();
        if (value === undefined) return false;
        clearTimeout(timer);
        this.#events.off('change', onChange);
        resolve(value);
        return true;
      };
      const onChange = (): void => {
        check();
      };
      const timer = setTimeout(() => {
        this.#events.off('change', onChange);
        reject(new Error(`fake Discord: timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      if (!check()) this.#events.on('change', onChange);
    });
  }

  /** The finished reply of a command: its answer after a type 4, or its edit after a deferral. */
  reply(rec: InteractionRecord): Promise<FakeMessage> {
    return this.waitFor(() => {
      const ack = rec.acks[0];
      if (!ack || (ack.type !== 4 && ack.type !== 5) || !rec.original) return undefined;
      return (rec.original.flags & LOADING) === 0 ? rec.original : undefined;
    }, `the reply to interaction ${rec.id}`);
  }

  /** The `n`th follow-up message of an interaction. */
  followUp(rec: InteractionRecord, n = 0): Promise<FakeMessage> {
    return this.waitFor(() => rec.followUps[n], `follow-up ${n} of interaction ${rec.id}`);
  }

  /** The first acknowledgement of an interaction. */
  ack(rec: InteractionRecord): Promise<{ type: number; data: Record<string, unknown>; at: number }> {
    return this.waitFor(() => rec.acks[0], `an acknowledgement of interaction ${rec.id}`);
  }

  async close(): Promise<void> {
    await this.#gateway.close();
    await new Promise<void>((resolve) => {
      this.#server.close(() => resolve());
      this.#server.closeAllConnections();
    });
  }

  #command(name: string): CommandSpec {
    const found = [...this.commands.values()].flat().find((c) => c.name === name);
    if (!found) throw new Error(`fake Discord: /${name} is not registered`);
    return found;
  }

  #dispatch(payload: Record<string, unknown>): InteractionRecord {
    const text = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
    const rec: InteractionRecord = {
      id: text(payload.id),
      token: text(payload.token),
      type: typeof payload.type === 'number' ? payload.type : Number.NaN,
      sentAt: Date.now(),
      channelId: typeof payload.channel_id === 'string' ? payload.channel_id : '',
      acks: [],
      refused: [],
      original: 'message' in payload ? (payload.message as FakeMessage) : undefined,
      followUps: [],
      deleted: false,
    };
    this.interactions.set(rec.token, rec);
    const applicationId = payload.application_id === '' ? APPLICATION_ID : payload.application_id;
    this.#gateway.dispatch('INTERACTION_CREATE', { ...payload, application_id: applicationId });
    return rec;
  }

  #changed(): void {
    this.#events.emit('change');
  }

  #json(res: ServerResponse, status: number, body: unknown, req: IncomingMessage): void {
    if (status >= 400) this.errors.push(`${status} ${req.method} ${req.url}`);
    if (res.headersSent) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  #empty(res: ServerResponse): void {
    // A JSON content type on a 204 makes discord.js try to parse nothing.
    res.writeHead(204);
    res.end();
  }

  async #route(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
    if (this.oauth.handle(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname).replace(/^\/api\/v10/, '');
    const method = req.method ?? 'GET';
    this.calls.push(`${method} ${path}`);
    if (path.startsWith('/channels/')) {
      this.#channelCalls += 1;
      this.mostChannelCallsAtOnce = Math.max(this.mostChannelCallsAtOnce, this.#channelCalls);
      res.once('close', () => {
        this.#channelCalls -= 1;
      });
    }
    const body = method === 'GET' || method === 'DELETE' ? { json: {}, files: {} } : await readBody(req);
    const authorized = req.headers.authorization === `Bot ${this.#token}`;
    const interaction = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path);
    const webhook = /^\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/([^/]+))?$/.exec(path);
    const channel = /^\/channels\/(\d+)(?:\/messages(?:\/(\d+))?)?$/.exec(path);
    const commands = /^\/applications\/(\d+)\/guilds\/(\d+)\/commands$/.exec(path);

    if (method === 'GET' && path === '/gateway/bot') {
      if (!authorized) return this.#json(res, 401, { message: '401: Unauthorized', code: 0 }, req);
      return this.#json(
        res,
        200,
        {
          url: `ws://127.0.0.1:${this.#port}`,
          shards: 1,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
        },
        req,
      );
    }
    if (interaction) {
      return this.#callback(
        req,
        res,
        interaction[2] as string,
        body.json,
        url.searchParams.get('with_response'),
      );
    }
    if (webhook) {
      return this.#webhook(req, res, webhook[2] as string, webhook[3], body.json, body.files);
    }
    if (channel) {
      if (!authorized) return this.#json(res, 401, { message: '401: Unauthorized', code: 0 }, req);
      if (this.#faults.outage !== undefined) return this.#down(req, res, this.#faults.outage);
      return this.#channel(req, res, channel[1] as string, channel[2], path.includes('/messages'), body.json);
    }
    if (commands) {
      if (!authorized) return this.#json(res, 401, { message: '401: Unauthorized', code: 0 }, req);
      const guild = commands[2] as string;
      if (method === 'PUT') {
        const list = (body.json as unknown as CommandSpec[]).map((c) => ({
          ...c,
          id: snowflake(),
          application_id: APPLICATION_ID,
          guild_id: guild,
          version: snowflake(),
          type: 1,
          default_member_permissions: null,
        }));
        this.commands.set(guild, list);
        this.#changed();
      }
      return this.#json(res, 200, this.commands.get(guild) ?? [], req);
    }
    return this.#json(res, 404, { message: `fake Discord has no route ${method} ${path}`, code: 0 }, req);
  }

  #callback(
    req: IncomingMessage,
    res: ServerResponse,
    token: string,
    json: Record<string, unknown>,
    withResponse: string | null,
  ): unknown {
    const rec = this.interactions.get(token);
    if (!rec) return this.#json(res, 404, { message: 'Unknown interaction', code: 10062 }, req);
    if (rec.acks.length > 0) {
      rec.refused.push(40060);
      this.#changed();
      return this.#json(
        res,
        400,
        { message: 'Interaction has already been acknowledged.', code: 40060 },
        req,
      );
    }
    if (Date.now() - rec.sentAt > this.#deadlineMs) {
      rec.refused.push(10062);
      this.#changed();
      return this.#json(res, 404, { message: 'Unknown interaction', code: 10062 }, req);
    }
    const type = Number(json.type);
    const data = (json.data ?? {}) as Record<string, unknown>;
    rec.acks.push({ type, data, at: Date.now() });
    if (type === 4) rec.original = messageObject(snowflake(), rec.channelId, data);
    if (type === 5)
      rec.original = messageObject(snowflake(), rec.channelId, {
        ...data,
        flags: Number(data.flags ?? 0) | LOADING,
      });
    if (type === 7 && rec.original) this.#editChannelMessage(rec.original.channel_id, rec.original.id, data);
    this.#changed();
    if (withResponse === 'true') {
      return this.#json(res, 200, { interaction: { id: rec.id, type: rec.type }, resource: { type } }, req);
    }
    return this.#empty(res);
  }

  #webhook(
    req: IncomingMessage,
    res: ServerResponse,
    token: string,
    target: string | undefined,
    json: Record<string, unknown>,
    files: Record<string, Uint8Array>,
  ): unknown {
    const rec = this.interactions.get(token);
    if (!rec) return this.#json(res, 404, { message: 'Unknown Webhook', code: 10015 }, req);
    const withFiles = (m: FakeMessage): FakeMessage => {
      if (Object.keys(files).length === 0) return m;
      m.files = files;
      m.attachments = Object.entries(files).map(([filename, bytes]) => ({
        id: snowflake(),
        filename,
        size: bytes.length,
        url: `https://cdn.fake/${filename}`,
        proxy_url: `https://cdn.fake/${filename}`,
        content_type: 'image/png',
      }));
      return m;
    };
    if (target === undefined && req.method === 'POST') {
      const message = withFiles(messageObject(snowflake(), rec.channelId, json));
      rec.followUps.push(message);
      this.#changed();
      return this.#json(res, 200, message, req);
    }
    const message =
      target === '@original' ? rec.original : (rec.followUps.find((f) => f.id === target) ?? undefined);
    if (!message || rec.deleted)
      return this.#json(res, 404, { message: 'Unknown Message', code: 10008 }, req);
    if (req.method === 'DELETE') {
      if (target === '@original') rec.deleted = true;
      this.#changed();
      return this.#empty(res);
    }
    if (req.method === 'PATCH') {
      if (message.channel_id !== '' && this.channels.has(message.channel_id)) {
        this.#editChannelMessage(message.channel_id, message.id, json);
      }
      editMessage(message, json);
      message.flags &= ~LOADING;
      withFiles(message);
      this.#changed();
    }
    return this.#json(res, 200, message, req);
  }

  #channel(
    req: IncomingMessage,
    res: ServerResponse,
    channelId: string,
    messageId: string | undefined,
    messages: boolean,
    json: Record<string, unknown>,
  ): unknown {
    const list = this.channels.get(channelId);
    if (!list) return this.#json(res, 404, { message: 'Unknown Channel', code: 10003 }, req);
    if (!messages) {
      return this.#json(
        res,
        200,
        { id: channelId, type: 0, guild_id: '', name: 'channel', position: 0 },
        req,
      );
    }
    const method = req.method ?? 'GET';
    if (this.#faults.limit(method, messageId === undefined)) {
      this.errors.push(`429 ${method} ${req.url}`);
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0.05' });
      res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: 0.05, global: false }));
      return;
    }
    if (method === 'POST' && messageId === undefined) {
      if (String(json.nonce ?? '').length > 25) {
        return this.#json(res, 400, { message: 'Invalid Form Body', code: 50035 }, req);
      }
      const nonce = json.enforce_nonce === true && json.nonce !== undefined ? String(json.nonce) : undefined;
      // The same nonce from the same bot within a few minutes: the first message, not a second one.
      const earlier = nonce === undefined ? undefined : this.#nonces.find(this.#token, nonce);
      if (earlier) return this.#json(res, 200, earlier, req);
      const message = messageObject(snowflake(), channelId, json);
      list.push(message);
      if (nonce !== undefined) this.#nonces.remember(this.#token, nonce, message);
      this.#changed();
      if (this.#faults.loseAnswer()) {
        this.errors.push(`lost answer POST ${req.url}`);
        req.socket.destroy();
        return;
      }
      return this.#json(res, 200, message, req);
    }
    if (method === 'GET' && messageId === undefined) {
      // The channel's latest messages, newest first, as many as `limit` asks (1-100, default 50).
      const asked = Number(new URL(req.url ?? '/', 'http://fake').searchParams.get('limit') ?? 50);
      const latest = this.readHistory ? [...list].reverse().slice(0, Math.min(100, Math.max(1, asked))) : [];
      return this.#json(res, 200, latest, req);
    }
    const found = list.find((msg) => msg.id === messageId);
    if (!found) return this.#json(res, 404, { message: 'Unknown Message', code: 10008 }, req);
    if (req.method === 'PATCH') {
      editMessage(found, json);
      this.#changed();
    }
    return this.#json(res, 200, found, req);
  }

  /** A channel call while Discord is down: a 503, or a connection closed without an answer. */
  #down(req: IncomingMessage, res: ServerResponse, outage: Outage): void {
    if (outage === 'hang') {
      this.#held.push([req, res]);
    } else if (outage === 'error') {
      this.#json(res, 503, { message: '503: Service Unavailable', code: 0 }, req);
    } else {
      this.errors.push(`dropped ${req.method} ${req.url}`);
      req.socket.destroy();
    }
    this.#changed();
  }

  #editChannelMessage(channelId: string, messageId: string, body: Record<string, unknown>): void {
    const found = this.channels.get(channelId)?.find((msg) => msg.id === messageId);
    if (found) editMessage(found, body);
  }
}
