import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import { hasUntrusted, UNTRUSTED_LEGEND } from './untrusted.js';

/** What a handler answers: structured data matching the output schema, its compact text, and whether it is an error. */
export interface Reply<T> {
  readonly data: T;
  readonly text: string;
  readonly isError?: boolean;
  /** More blocks after the text: a link to a resource with the whole of it, an image of it. */
  readonly more?: readonly ContentBlock[];
}

/** Structured data as it will travel: no `undefined` members (the client checks it against the output schema). */
function plain(data: unknown): Record<string, unknown> {
  return JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
}

/** A reply as an MCP tool result: `structuredContent` plus the text rendering, secrets removed from both. */
export function toResult<T>(reply: Reply<T>, redact: (text: string) => string): CallToolResult {
  const body = redact(reply.text);
  const text = hasUntrusted(body) ? `${body}\n${UNTRUSTED_LEGEND}` : body;
  const structured = plain(reply.data);
  return {
    content: [{ type: 'text', text }, ...(reply.more ?? [])],
    structuredContent: JSON.parse(redact(JSON.stringify(structured))) as Record<string, unknown>,
    ...(reply.isError ? { isError: true } : {}),
  };
}

/** Numbers that may be absent, shown with a fallback. */
export function orDash(value: number | string | undefined, show: (v: number) => string = String): string {
  if (value === undefined) return '-';
  return typeof value === 'number' ? show(value) : value;
}
