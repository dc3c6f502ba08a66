/** Error codes raised before any byte of the request could reach the server. */
const BEFORE_SEND = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** How a failed exchange failed: a timeout or a network error, and whether the request may have been sent. */
export interface NetworkFailure {
  readonly kind: 'TIMEOUT' | 'NETWORK';
  /** False only when the error proves nothing reached the server (e.g. connection refused). */
  readonly maybeSent: boolean;
  readonly errorCode: string | undefined;
}

/** The system or undici error code of an error, looking into `cause` and aggregate errors. */
export function errorCode(error: unknown, depth = 0): string | undefined {
  if (typeof error !== 'object' || error === null || depth > 4) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = errorCode(inner, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return errorCode((error as { cause?: unknown }).cause, depth + 1);
}

/** Classifies an error thrown by the HTTP layer (not an abort: the caller checks its signals first). */
export function classifyNetworkError(error: unknown): NetworkFailure {
  const code = errorCode(error);
  return {
    kind: code !== undefined && TIMEOUT_CODES.has(code) ? 'TIMEOUT' : 'NETWORK',
    maybeSent: code === undefined || !BEFORE_SEND.has(code),
    errorCode: code,
  };
}
