import { z } from 'zod';
import { GateError } from '../../core/gate/index.js';
import { whoamiLines } from '../../core/people/index.js';
import type { McpDeps } from '../deps.js';
import { defineTool } from '../tool.js';

/**
 * What this server offers for deciding: approvals and halts only through a Discord desk in the same
 * process, known here by its approvals channel (a desk without one is not promised).
 */
function decisionPaths(deps: McpDeps) {
  const desk = deps.approvalChannel !== undefined;
  return {
    trading: !deps.readOnly,
    approvals: desk,
    halts: desk,
    fourEyes: deps.people?.fourEyes ?? false,
  };
}

/** `whoami` (with a people file): the caller's person, role, own caps and what they used of them today. */
export const whoamiTool = defineTool({
  name: 'whoami',
  title: 'Who am I',
  description: 'Your person, role, daily caps and use of them today.',
  annotations: { readOnlyHint: true, openWorldHint: false },
  input: {},
  // Today's use as orders and rupees; the caps are in the text.
  output: { person: z.string(), role: z.string(), orders: z.number(), value: z.number() },
  async handler(_args, ctx) {
    const person = ctx.person;
    if (person === undefined) throw new GateError('NOT_ALLOWED', 'omsdesk has no people file: one operator');
    const used = ctx.deps.gate.usageOf(person.id);
    return {
      data: { person: person.id, role: person.role, orders: used.orders, value: used.value },
      text: whoamiLines(person, decisionPaths(ctx.deps), used).join('\n'),
    };
  },
});
