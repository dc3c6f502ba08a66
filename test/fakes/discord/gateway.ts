import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { APPLICATION_ID, GUILD_ID } from './ids.js';
import { BOT_USER } from './payloads.js';

/** What the gateway needs from the rest of the fake. */
export interface GatewayOptions {
  readonly token: () => string;
  readonly wsUrl: () => string;
  readonly guild: () => unknown;
}

/**
 * Discord's gateway, as far as a bot with the Guilds intent sees it: HELLO, heartbeat acks, READY with
 * one guild then its GUILD_CREATE, RESUMED, and dispatches the tests inject (INTERACTION_CREATE).
 */
export class FakeGateway {
  readonly #wss = new WebSocketServer({ noServer: true });
  readonly #sockets = new Set<WebSocket>();
  readonly #o: GatewayOptions;
  #seq = 0;
  /** Op codes received, in order (2 identify, 1 heartbeat, 6 resume). */
  readonly received: number[] = [];
  /** Sockets closed by the bot, with their close codes. */
  readonly closes: number[] = [];
  /** While true, the gateway is down: every connection attempt is cut at once. */
  #down = false;
  readonly #watchers = new Set<(what: 'refused' | 'connected') => void>();

  constructor(server: Server, options: GatewayOptions) {
    this.#o = options;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.#down) {
        socket.destroy();
        this.#tell('refused');
        return;
      }
      this.#wss.handleUpgrade(req, socket, head, (ws) => this.#accept(ws));
    });
  }

  /** Connected and identified sockets. */
  get connections(): number {
    return this.#sockets.size;
  }

  /** Sends a dispatch to every connected bot. */
  dispatch(t: string, d: unknown): void {
    for (const ws of this.#sockets) this.#send(ws, { op: 0, t, s: ++this.#seq, d });
  }

  /** The gateway goes down: every bot's connection closes (code 4000, resumable) and new ones are cut. */
  goDown(): void {
    this.#down = true;
    for (const ws of this.#sockets) ws.close(4000, 'gateway down');
  }

  /** The gateway is back: bots may connect (and resume) again. */
  comeBack(): void {
    this.#down = false;
  }

  /** Resolves at the next connection attempt cut while down, or the next bot identified or resumed. */
  next(what: 'refused' | 'connected'): Promise<void> {
    return new Promise((resolve) => {
      const watcher = (seen: 'refused' | 'connected'): void => {
        if (seen !== what) return;
        this.#watchers.delete(watcher);
        resolve();
      };
      this.#watchers.add(watcher);
    });
  }

  #tell(what: 'refused' | 'connected'): void {
    for (const watcher of [...this.#watchers]) watcher(what);
  }

  async close(): Promise<void> {
    for (const ws of this.#wss.clients) ws.terminate();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #send(ws: WebSocket, payload: unknown): void {
    ws.send(JSON.stringify(payload));
  }

  #accept(ws: WebSocket): void {
    this.#send(ws, { op: 10, d: { heartbeat_interval: 41_250 } });
    ws.on('close', (code) => {
      this.#sockets.delete(ws);
      this.closes.push(code);
    });
    ws.on('message', (raw) => {
      const packet = JSON.parse(String(raw)) as { op: number; d: { token?: string } };
      this.received.push(packet.op);
      if (packet.op === 1) this.#send(ws, { op: 11 });
      else if (packet.op === 2) this.#identify(ws, packet.d.token);
      else if (packet.op === 6) {
        this.#sockets.add(ws);
        this.#send(ws, { op: 0, t: 'RESUMED', s: ++this.#seq, d: {} });
        this.#tell('connected');
      }
    });
  }

  #identify(ws: WebSocket, token: string | undefined): void {
    if (token !== this.#o.token()) {
      ws.close(4004, 'Authentication failed.');
      return;
    }
    this.#sockets.add(ws);
    this.#send(ws, {
      op: 0,
      t: 'READY',
      s: ++this.#seq,
      d: {
        v: 10,
        user: BOT_USER,
        guilds: [{ id: GUILD_ID, unavailable: true }],
        session_id: 'fake-session',
        resume_gateway_url: this.#o.wsUrl(),
        application: { id: APPLICATION_ID, flags: 0 },
        shard: [0, 1],
      },
    });
    this.#send(ws, { op: 0, t: 'GUILD_CREATE', s: ++this.#seq, d: this.#o.guild() });
    this.#tell('connected');
  }
}
