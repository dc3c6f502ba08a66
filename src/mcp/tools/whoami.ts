import { z } from 'zod';
import { GateError } from '../../core/gate/index.js';
import { whoamiLines } from '../../core/people/index.js';
import { defineTool } from '../tool.js';

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
      text: whoamiLines(person, used).join('\n'),
    };
  },
});
