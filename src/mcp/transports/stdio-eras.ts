import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  PROTOCOL_VERSION_META_KEY,
  ProtocolErrorCode,
  SUPPORTED_PROTOCOL_VERSIONS,
  type Transport,
  UnsupportedProtocolVersionError,
} from '@modelcontextprotocol/server';
import { in2025Codes } from './legacy-codes.js';

/** The 2026-07-28 revisions served: what a request of that era may name in its `_meta`. */
const MODERN_REVISIONS: readonly string[] = ['2026-07-28'];

/** The protocol version a message names in its `_meta`, if any. */
function claimOf(message: JSONRPCMessage): unknown {
  const params = (message as { params?: { _meta?: Record<string, unknown> } }).params;
  return params?._meta?.[PROTOCOL_VERSION_META_KEY];
}

type Era = 'legacy' | 'modern' | undefined;

interface Refusal {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/** The refusal of a request naming a version this connection does not speak. */
function unsupported(claim: unknown, supported: readonly string[]): Refusal {
  const requested = typeof claim === 'string' ? claim : 'unknown';
  const error = new UnsupportedProtocolVersionError({ supported: [...supported], requested });
  return { code: error.code, message: error.message, data: error.data };
}

const MISSING_META = `this connection speaks ${MODERN_REVISIONS.join(', ')}: every request carries _meta with ${PROTOCOL_VERSION_META_KEY}`;

/**
 * Checks the protocol version of every message of a stdio connection before the SDK's `serveStdio` sees
 * it. @modelcontextprotocol/server 2.4.0 classifies only the opening messages: pinned to 2026-07-28 it
 * serves a later request naming any version, and while it holds only a `server/discover` probe, one
 * request or notification without `_meta` repins the whole process to 2025-11-25. Here a request naming a
 * version its connection does not speak gets -32022 (Unsupported protocol version); once 2026-07-28 spoke,
 * one without `_meta` gets -32602 and the connection stays 2026-07-28: only a real `initialize` handshake
 * chooses 2025-11-25 after a bare probe, as the SDK's fallback intends. A 2025-11-25 connection's answers
 * go out in that revision's codes (`in2025Codes`). Remove the version checks once `serveStdio` checks each
 * message itself. Call right after `serveStdio` took the transport.
 */
export function checkEachStdioMessage(transport: Transport): void {
  let era: Era;
  /** A 2026-07-28 request other than the probe came: the SDK pinned the connection to that era. */
  let pinned = false;
  const deliver = transport.onmessage;
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(era === 'legacy' ? in2025Codes(message) : message, options);

  /** What becomes of a request or notification: delivered (undefined), dropped, or refused with an error. */
  const check = (message: JSONRPCRequest | JSONRPCNotification): Refusal | 'drop' | undefined => {
    const claim = claimOf(message);
    const request = 'id' in message;
    const modern = typeof claim === 'string' && MODERN_REVISIONS.includes(claim);
    if (era === undefined) {
      // As the SDK opens: a supported claim is 2026-07-28, none is 2025-11-25, a bad one it refuses.
      if (claim === undefined) era = 'legacy';
      else if (modern) era = 'modern';
    } else if (era === 'modern') {
      if (claim === undefined) {
        // Only a real handshake after a bare probe chooses 2025-11-25, as the SDK's fallback intends.
        if (request && message.method === 'initialize' && !pinned) era = 'legacy';
        else if (!request) return pinned ? undefined : 'drop';
        else return { code: ProtocolErrorCode.InvalidParams, message: MISSING_META };
      } else if (!modern) return unsupported(claim, MODERN_REVISIONS);
    } else if (claim !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(String(claim))) {
      // 2025-11-25 names its version once, at initialize; a request naming another one is not of this connection.
      return unsupported(claim, SUPPORTED_PROTOCOL_VERSIONS);
    }
    if (era === 'modern' && request && message.method !== 'server/discover') pinned = true;
    return undefined;
  };

  transport.onmessage = (message, extra) => {
    if (isJSONRPCRequest(message) || isJSONRPCNotification(message)) {
      const refusal = check(message);
      if (refusal === 'drop') return;
      if (refusal !== undefined) {
        if (isJSONRPCRequest(message))
          void send({ jsonrpc: '2.0', id: message.id, error: refusal }).catch(() => undefined);
        return;
      }
    }
    deliver?.(message, extra);
  };
}
