import {
  isJSONRPCErrorResponse,
  type JSONRPCMessage,
  ProtocolErrorCode,
  type Transport,
} from '@modelcontextprotocol/server';

/**
 * A message as 2025-11-25 words it. That revision answers a resource that does not exist with -32002;
 * @modelcontextprotocol/server 2.4.0 sends -32602 in both eras (each codec's `encodeErrorCode` maps -32002
 * to it, as 2026-07-28 asks). Its `ResourceNotFoundError` carries the uri as its only datum, which tells
 * it apart. Remove once the SDK's 2025-11-25 codec keeps -32002.
 */
export function in2025Codes(message: JSONRPCMessage): JSONRPCMessage {
  if (!isJSONRPCErrorResponse(message) || message.error.code !== ProtocolErrorCode.InvalidParams)
    return message;
  const data = message.error.data as { uri?: unknown } | undefined;
  if (typeof data?.uri !== 'string' || Object.keys(data).length !== 1) return message;
  return { ...message, error: { ...message.error, code: ProtocolErrorCode.ResourceNotFound } };
}

/** Makes a 2025-11-25 connection's transport send its messages in that revision's codes. */
export function send2025Codes(transport: Pick<Transport, 'send'>): void {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => send(in2025Codes(message), options);
}
