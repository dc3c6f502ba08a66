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

  constructor(server: Server, options: GatewayOptions) {
    this.#o = options;
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
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
  }
}
