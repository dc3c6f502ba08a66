import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { CHARS_PER_TOOL, listingForms, measureAll } from '../../scripts/listing-forms.js';
import { type MockServerOptions, startMcpOverMock } from './mock-harness.js';

const SNAPSHOT = join(import.meta.dirname, 'tools.snap.json');
/**
 * The committed listing, with tool confirmation on: the one record of every tool's name, place and hints
 * (names are a fixed interface). Read when asked, so a run that regenerates it checks the new one.
 */
const committed = (): Tool[] => JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Tool[];
/** Inputs whose name, type, enum or default says all a model needs (the instructions say the rest). */
const SAYS_IT_ALL = new Set([
  'instrument',
  'limit',
  'cursor',
  'exchange',
  'side',
  'price',
  'trigger_price',
  'retention',
  'remarks',
  'strike',
  'query',
  'order_number',
  'kind',
  'option_type',
]);

/** The tools a server built with these options lists (no broker is needed to list them). */
async function listTools(options: MockServerOptions): Promise<Tool[]> {
  const m = await startMcpOverMock({ readOnly: false, ...options });
  try {
    return (await m.client.listTools()).tools;
  } finally {
    await m.close();
  }
}

describe('tools/list', () => {
  it('matches the committed snapshot (regenerate on purpose with UPDATE_TOOL_SNAPSHOT=1)', async () => {
    const tools = await listTools({ confirm: 'tool' });
    const current = `${JSON.stringify(tools, null, 2)}\n`;
    if (process.env.UPDATE_TOOL_SNAPSHOT === '1') {
      // Regenerating adds and changes tools, never drops one: a tool's name is a fixed interface.
      const listed = new Set(tools.map((t) => t.name));
      expect(
        committed()
          .map((t) => t.name)
          .filter((name) => !listed.has(name)),
      ).toEqual([]);
      await writeFile(SNAPSHOT, current);
    }
    expect(current).toBe(await readFile(SNAPSHOT, 'utf8'));
  });

  it('gives every tool a title, the hints that mean something for it, an output schema and described inputs', async () => {
    const tools = await listTools({ confirm: 'tool' });
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      const a = tool.annotations ?? {};
      // Destructive and idempotent mean something only for a tool that is not read-only (the spec says so).
      const hints = a.readOnlyHint
        ? (['readOnlyHint', 'openWorldHint'] as const)
        : (['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const);
      for (const hint of hints) expect(typeof a[hint], `${tool.name}.${hint}`).toBe('boolean');
      const properties = (tool.inputSchema.properties ?? {}) as Record<
        string,
        { description?: string; type?: string }
      >;
      for (const [name, schema] of Object.entries(properties)) {
        if (!SAYS_IT_ALL.has(name)) expect(schema.description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
  });

  it('marks every tool that is not read-only destructive and not idempotent: it can end in an order', async () => {
    const tools = await listTools({ confirm: 'tool' });
    const placing = tools.filter((t) => t.annotations?.readOnlyHint === false).map((t) => t.name);
    expect(placing).toEqual(expect.arrayContaining(['place_order', 'confirm_order']));
    for (const tool of tools) {
      if (placing.includes(tool.name))
        expect(tool.annotations).toMatchObject({ destructiveHint: true, idempotentHint: false });
      else expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
  });

  it('keeps every form of tools/list as sent within 1,300 characters per listed tool, the longest included', async () => {
    const sizes = await measureAll();
    const forms = listingForms();
    expect(sizes).toHaveLength(forms.length);
    // Every revision, confirmation mode and broker, read-only, each lister and client is asked of the real server.
    const parts = [
      '2025-11-25',
      '2026-07-28',
      'read-only',
      'no people file',
      'orderer',
      'viewer',
      'capable client',
    ];
    for (const part of parts)
      expect(
        sizes.some((s) => s.label.includes(part)),
        part,
      ).toBe(true);
    const over = sizes.filter((s) => s.chars > CHARS_PER_TOOL * s.tools.length);
    expect(over.map((s) => `${s.label}: ${s.chars} for ${s.tools.length} tools`)).toEqual([]);
    const longest = sizes.reduce((a, b) => (b.chars > a.chars ? b : a));
    expect(longest.tools).toEqual(expect.arrayContaining(['whoami', 'confirm_order', 'place_order']));
    expect(longest.chars).toBeLessThanOrEqual(CHARS_PER_TOOL * longest.tools.length);
  });

  it('says what keeps a model safe where it acts, and answers in data what it must show or act on', async () => {
    const tools = await listTools({ confirm: 'tool' });
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('confirm_order')?.description).toMatch(
      /ONLY after showing the person the summary and hearing them agree to this exact ticket, never on your own/,
    );
    expect(byName.get('confirm_order')?.description).toMatch(/used once, and expires/);
    expect(byName.get('get_order_status')?.description).toMatch(/can still be rejected/);
    expect(byName.get('place_multi_order')?.description).toMatch(/each can still be rejected/);
    const placing = tools.filter((t) => t.name.startsWith('place_'));
    expect(placing.length).toBeGreaterThan(2);
    for (const tool of placing) expect(tool.description, tool.name).toMatch(/a human confirms it/);
    // Every tool that answers a ticket: what the person agrees to, what confirm_order takes, why nothing went.
    const answering = tools.filter((t) => 'ticketId' in (t.outputSchema?.properties ?? {}));
    expect(answering.map((t) => t.name)).toEqual(
      expect.arrayContaining([...placing.map((t) => t.name), 'confirm_order']),
    );
    for (const tool of answering) {
      const out = tool.outputSchema as { required?: string[]; properties?: Record<string, unknown> };
      expect(out.required, tool.name).toEqual(
        expect.arrayContaining(['summary', 'hash', 'expiresAt', 'failedChecks', 'nextStep']),
      );
      expect(Object.keys(out.properties ?? {}), tool.name).toContain('reason');
    }
  });

  it('keeps every schema strict: each node typed, each object closed to other properties', async () => {
    const loose: string[] = [];
    const walk = (node: Record<string, unknown>, at: string): void => {
      const typed = ['type', 'enum', '$ref', 'allOf', 'anyOf'].some((k) => k in node);
      if (!typed) loose.push(at);
      if (node.type === 'object' && at.includes('outputSchema') && node.additionalProperties !== false)
        loose.push(`${at} (open object)`);
      const children = {
        ...(node.properties as Record<string, Record<string, unknown>> | undefined),
        ...(node.$defs as Record<string, Record<string, unknown>> | undefined),
        ...(node.items ? { items: node.items as Record<string, unknown> } : {}),
      };
      for (const [name, child] of Object.entries(children)) walk(child, `${at}.${name}`);
      for (const part of (node.allOf ?? node.anyOf ?? []) as Record<string, unknown>[]) walk(part, at);
    };
    for (const tool of await listTools({ confirm: 'tool' })) {
      walk(tool.inputSchema as Record<string, unknown>, `${tool.name}.inputSchema`);
      if (tool.outputSchema) walk(tool.outputSchema as Record<string, unknown>, `${tool.name}.outputSchema`);
    }
    expect(loose).toEqual([]);
  });

  it('defines a sub-schema that repeats within one tool once, and refers to it', async () => {
    const status = (await listTools({ readOnly: true })).find((t) => t.name === 'get_order_status');
    const text = JSON.stringify(status?.outputSchema);
    expect(text.match(/TRIGGER_PENDING/g)).toHaveLength(1);
    expect(text.match(/"\$ref":"#\/\$defs\/OrderState"/g)).toHaveLength(2);
  });

  it('lists no placement tool and no confirm_order in read-only mode', async () => {
    const names = (await listTools({ readOnly: true, confirm: 'tool' })).map((t) => t.name);
    const reads = committed().filter((t) => t.annotations?.readOnlyHint);
    expect(names).toEqual(reads.map((t) => t.name));
  });

  it('offers no order review in read-only mode, where nothing can be placed', async () => {
    const m = await startMcpOverMock({ readOnly: true });
    try {
      expect((await m.client.listPrompts()).prompts.map((p) => p.name)).toEqual([
        'morning_brief',
        'end_of_day',
      ]);
    } finally {
      await m.close();
    }
  });

  it('registers confirm_order only where tool confirmation is allowed', async () => {
    const names = async (o: MockServerOptions) =>
      (await listTools(o)).map((t) => t.name).includes('confirm_order');
    expect(await names({ confirm: 'elicit' })).toBe(false);
    expect(await names({ confirm: 'auto', broker: 'paper' })).toBe(true);
    expect(await names({ confirm: 'auto', broker: 'live' })).toBe(false);
    expect(await names({ confirm: 'tool', broker: 'live', allowToolConfirmLive: true })).toBe(true);
  });

  it('refuses to build a server for discord confirmation without an approval channel, or tool confirmation live', async () => {
    await expect(listTools({ confirm: 'discord' })).rejects.toThrow(/Discord approver/);
    await expect(listTools({ confirm: 'tool', broker: 'live' })).rejects.toThrow(
      /OMSDESK_ALLOW_TOOL_CONFIRM_LIVE/,
    );
  });
});
