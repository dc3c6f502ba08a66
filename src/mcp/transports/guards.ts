import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { networkInterfaces } from 'node:os';

/** Where the server listens and who may call it. */
export interface GuardOptions {
  readonly host: string;
  readonly port: number;
  /** Bearer token every request must carry; required off loopback. */
  readonly token?: string;
  /** Browser origins allowed besides the loopback ones, `scheme://host[:port]`. */
  readonly allowedOrigins: readonly string[];
}

/** A refusal: status, a short text, and headers to send with it. */
export interface Refusal {
  readonly status: 401 | 403;
  readonly message: string;
  readonly headers?: Readonly<Record<string, string>>;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

function bracketed(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/** Every `host:port` a request may name in its Host header: loopback names, the bound address, allowed origins. */
export function allowedHosts(o: GuardOptions): Set<string> {
  const hosts = new Set(LOOPBACK_NAMES.map((n) => `${n}:${o.port}`));
  const wildcard = o.host === '0.0.0.0' || o.host === '::';
  if (!wildcard) hosts.add(`${bracketed(o.host.toLowerCase())}:${o.port}`);
  else {
    // Bound everywhere: the machine's own addresses are how clients on the network name it.
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) hosts.add(`${bracketed(a.address.toLowerCase())}:${o.port}`);
    }
  }
  for (const origin of o.allowedOrigins) hosts.add(new URL(origin).host.toLowerCase());
  return hosts;
}

/** Every origin a browser page may call from: the loopback ones on this port and the configured ones. */
export function allowedOrigins(o: GuardOptions): Set<string> {
  const origins = new Set(o.allowedOrigins.map((x) => x.toLowerCase()));
  for (const name of LOOPBACK_NAMES) origins.add(`http://${name}:${o.port}`);
  return origins;
}

function sameSecret(given: string, expected: string): boolean {
  // Hashing first makes the comparison constant-time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Checks one request's Host, Origin and bearer token; undefined when it may proceed. */
export function guardRequest(
  headers: IncomingHttpHeaders,
  o: GuardOptions,
  hosts: ReadonlySet<string>,
  origins: ReadonlySet<string>,
): Refusal | undefined {
  const host = (headers.host ?? '').toLowerCase();
  if (!hosts.has(host))
    return { status: 403, message: 'forbidden: this Host is not allowed (DNS rebinding protection)' };
  const origin = headers.origin?.toLowerCase();
  if (origin !== undefined && !origins.has(origin)) {
    return {
      status: 403,
      message: 'forbidden: this Origin is not allowed; add it to OMSDESK_MCP_ALLOWED_ORIGINS',
    };
  }
  if (o.token === undefined) return undefined;
  const auth = headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (!match)
    return {
      status: 401,
      message: 'unauthorized: send Authorization: Bearer <OMSDESK_MCP_TOKEN>',
      headers: { 'WWW-Authenticate': 'Bearer realm="omsdesk"' },
    };
  if (!sameSecret(match[1] as string, o.token)) {
    return {
      status: 401,
      message: 'unauthorized: wrong token',
      headers: { 'WWW-Authenticate': 'Bearer realm="omsdesk", error="invalid_token"' },
    };
  }
  return undefined;
}
