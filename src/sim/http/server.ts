import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { BROKER_TEXTS } from '../../core/vocabulary/index.js';
import type { Route, SimRuntime } from '../runtime.js';
import type { SimSession } from '../sessions.js';
import { readJsonObject } from './body.js';
import { renderFailure, SimFailure, sessionFailure, sessionText } from './failure.js';
import { isLoopbackPeer } from './loopback.js';
import { JsonText, type Reply, send } from './reply.js';
import { requestPath } from './request-path.js';
import { serveSymbolFile } from './symbol-files.js';

/** What the dispatcher knows about a request once its body is read. */
export interface RequestInfo {
  readonly path: string;
  readonly route: Route;
  readonly body: Record<string, unknown>;
  readonly session: SimSession | undefined;
  readonly now: number;
}

/**
 * Seams for behaviour around the handlers: `before` may answer instead of the handler (rate limits,
 * injected errors); `deliver` decides how a reply leaves (normally, late, malformed, or never); `after`
 * learns that a handler ran. `before` and `deliver` answer synchronously when they can: the server
 * awaits only what is a promise, so a request nobody delays never waits for a later tick.
 */
export interface DispatchHooks {
  /** May answer instead of the handler, or return `dropped` after cutting the connection. */
  before?(info: RequestInfo, res: ServerResponse): MaybePromise<Reply | 'dropped' | undefined>;
  deliver?(info: RequestInfo, reply: Reply, res: ServerResponse): MaybePromise<void>;
  /** Runs after a handler of a mutating route answered. */
  after?(info: RequestInfo): void;
}

/** A value now, or later. */
export type MaybePromise<T> = T | Promise<T>;

export interface ServerOptions {
  readonly maxBodyBytes: number;
  readonly hooks?: DispatchHooks;
  /** Answers `/_sim/...` control requests (outside the spec's paths). */
  readonly control?: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void>;
  /** Who may use the control surface, by peer address (default: this machine only). */
  readonly controlFrom?: (address: string | undefined) => boolean;
  /** Where unexpected handler errors are reported (never to the client). */
  readonly onError?: (error: unknown, path: string) => void;
  /** Brings time-driven state (the order engine) up to `now` before a handler runs. */
  readonly settle?: (now: number) => void;
  /** Counts every request received, control requests included. */
  readonly onRequest?: () => void;
}

function unknownPath(path: string): Reply {
  const body = path.startsWith('/apiV2/')
    ? { Status: 'Failed', data: BROKER_TEXTS.unknownRequest }
    : { stat: 'Not_Ok', emsg: BROKER_TEXTS.unknownRequest };
  return { status: 404, body };
}

function isPromise<T>(value: MaybePromise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === 'function';
}

/** The HTTP server of the paper broker: routes by path, answers every failure in its family's shape. */
export function createSimServer(rt: SimRuntime, routes: readonly Route[], options: ServerOptions): Server {
  const table = new Map(routes.map((r) => [r.path, r]));
  const hooks = options.hooks;

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = requestPath(req.url);
    if (path.startsWith('/_sim/') && options.control) {
      // The control surface moves prices and the clock: never from another machine, whatever the bind.
      if ((options.controlFrom ?? isLoopbackPeer)(req.socket.remoteAddress))
        return options.control(req, res, path);
      req.resume();
      return send(res, {
        status: 403,
        body: { error: 'the /_sim control surface answers only requests from this machine (loopback)' },
      });
    }
    if (serveSymbolFile(req, res, path, rt)) return;
    const route = table.get(path);
    if (!route) {
      req.resume();
      return send(res, unknownPath(path));
    }
    const now = rt.clock.now();
    let body: Record<string, unknown> = {};
    const failed = (error: unknown): Reply => {
      if (!(error instanceof SimFailure)) options.onError?.(error, path);
      const failure =
        error instanceof SimFailure
          ? error
          : new SimFailure('Error Occurred : internal error in the paper broker', { status: 500 });
      return renderFailure(route.form, failure, now, route.elements?.(body) ?? 1);
    };
    try {
      if (req.method !== 'POST') {
        req.resume();
        throw new SimFailure(`Invalid Input : ${path} accepts POST only`, { status: 405 });
      }
      body = await readJsonObject(req, options.maxBodyBytes);
    } catch (error) {
      return send(res, failed(error));
    }
    const session = route.session ? rt.sessions.find(body.jKey, body.userId, now) : undefined;
    const info: RequestInfo = { path, route, body, session, now };
    let reply: Reply;
    try {
      // Faults and rate limits act before validation, as the network and the gateway do.
      const before = hooks?.before?.(info, res);
      const early = isPromise(before) ? await before : before;
      if (early === 'dropped') return;
      if (early) reply = early;
      else {
        if (route.session && !session) throw sessionFailure(sessionText(route.form));
        options.settle?.(now);
        const handled = route.handle({ body, now, session, rt });
        reply =
          handled instanceof JsonText
            ? handled.reply()
            : { status: 200, body: isPromise(handled) ? await handled : handled };
        if (route.mutates) hooks?.after?.(info);
      }
    } catch (error) {
      reply = failed(error);
    }
    const delivered = hooks?.deliver ? hooks.deliver(info, reply, res) : send(res, reply);
    if (isPromise(delivered)) await delivered;
  }

  const server = createServer((req, res) => {
    options.onRequest?.();
    dispatch(req, res).catch((error: unknown) => {
      options.onError?.(error, req.url ?? '');
      if (!res.headersSent)
        send(res, { status: 500, body: { stat: 'Not_Ok', emsg: 'Error Occurred : internal' } });
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}
