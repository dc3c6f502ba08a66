import type { z } from 'zod';

/** What a compiled check returns for input its schema does not accept as it stands. */
export const REFUSED: unique symbol = Symbol('refused');

type Check = (input: unknown) => unknown;

/** The parts of zod's schema internals the compiler reads. */
interface Schema {
  readonly _zod: {
    readonly def: {
      readonly type: string;
      readonly checks?: readonly unknown[];
      readonly coerce?: boolean;
      readonly shape?: Readonly<Record<string, Schema>>;
      readonly catchall?: Schema;
      readonly element?: Schema;
      readonly innerType?: Schema;
      /** A pipe's two ends, and a transform's function (a preprocessing step). */
      readonly in?: Schema;
      readonly out?: Schema;
      readonly transform?: (input: unknown, payload: Payload) => unknown;
    };
    readonly optin?: string;
    readonly optout?: string;
  };
}

/** What a transform is handed besides its input: where it may report issues. */
interface Payload {
  value: unknown;
  readonly issues: unknown[];
  addIssue(issue: unknown): void;
}

/** A preprocessing step, then the schema after it; an issue the step reports leaves the verdict to zod. */
function preprocessed(transform: NonNullable<Schema['_zod']['def']['transform']>, next: Check): Check {
  return (input) => {
    const issues: unknown[] = [];
    const payload: Payload = { value: input, issues, addIssue: (issue) => issues.push(issue) };
    const value = transform(input, payload);
    return value instanceof Promise || issues.length > 0 ? REFUSED : next(value);
  };
}

const text: Check = (input) => (typeof input === 'string' ? input : REFUSED);

function arrayOf(element: Check): Check {
  return (input) => {
    if (!Array.isArray(input)) return REFUSED;
    const out = new Array<unknown>(input.length);
    for (let i = 0; i < input.length; i += 1) {
      const item = element(input[i]);
      if (item === REFUSED) return REFUSED;
      out[i] = item;
    }
    return out;
  };
}

interface Field {
  readonly key: string;
  readonly check: Check;
  /** Absent is allowed, and then the output has no such key. */
  readonly optional: boolean;
}

/**
 * An object check written out field by field with each name as a literal, as zod's own compiled parser
 * is, so every read and write has a fixed shape to work with. It builds what zod builds: the shape's
 * present keys in shape order, then (loose) the input's other keys in their order, `__proto__` aside.
 * When every field is there and nothing else, the copy is one object literal.
 */
function objectOf(fields: readonly Field[], keepOthers: boolean): Check {
  const names = fields.map(({ key }) => JSON.stringify(key));
  const reads = fields.map(({ optional }, i) => {
    const name = names[i];
    const absent = optional ? `has[${i}] = false;` : 'return REFUSED;';
    return `let v${i}; if (${name} in input) { v${i} = checks[${i}](input[${name}]); if (v${i} === REFUSED) return REFUSED; present += 1; } else { ${absent} }`;
  });
  const whole = `{ ${names.map((name, i) => `${name}: v${i}`).join(', ')} }`;
  const partial = names.map((name, i) => `if (has[${i}] !== false) out[${name}] = v${i};`);
  const source = `return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return REFUSED;
    let present = 0;
    const has = [];
    ${reads.join('\n')}
    let others = false;
    if (${keepOthers}) { let count = 0; for (const key in input) count += 1; others = count !== present; }
    if (present === ${fields.length} && !others) return ${whole};
    const out = {};
    ${partial.join('\n')}
    if (others) for (const key in input) if (!known.has(key) && key !== '__proto__') out[key] = input[key];
    return out;
  };`;
  const build = new Function('checks', 'known', 'REFUSED', source) as (...args: unknown[]) => Check;
  return build(
    fields.map((field) => field.check),
    new Set(fields.map((field) => field.key)),
    REFUSED,
  );
}

/** A check for the schema, or null when it uses anything beyond plain objects, arrays and strings. */
function compile(schema: Schema): Check | null {
  const { def } = schema._zod;
  if ((def.checks?.length ?? 0) > 0 || def.coerce === true) return null;
  switch (def.type) {
    case 'string':
      return text;
    case 'optional': {
      const inner = def.innerType === undefined ? null : compile(def.innerType);
      return inner === null ? null : (input) => (input === undefined ? undefined : inner(input));
    }
    case 'pipe': {
      const step = def.in?._zod.def;
      const next = def.out === undefined ? null : compile(def.out);
      if (step?.type !== 'transform' || step.transform === undefined || (step.checks?.length ?? 0) > 0)
        return null;
      return next === null ? null : preprocessed(step.transform, next);
    }
    case 'array': {
      const element = def.element === undefined ? null : compile(def.element);
      return element === null ? null : arrayOf(element);
    }
    case 'object': {
      const catchall = def.catchall?._zod.def.type;
      if (def.shape === undefined || (catchall !== undefined && catchall !== 'unknown')) return null;
      const fields: Field[] = [];
      for (const [key, field] of Object.entries(def.shape)) {
        const check = compile(field);
        if (check === null || key === '__proto__') return null;
        const { optin, optout } = field._zod;
        const optional = optin === 'optional' && optout === 'optional';
        // Optional on the way in only (a preprocessed field) is placed by zod's rules of its own.
        if (!optional && (optin !== undefined || optout !== undefined)) return null;
        fields.push({ key, check, optional });
      }
      return objectOf(fields, catchall === 'unknown');
    }
    default:
      return null;
  }
}

const compiled = new WeakMap<object, Check | null>();

/**
 * What `schema.safeParse(input)` gives on success (a copy, with zod's key order), for the schemas wire
 * answers use (objects, loose objects, arrays, strings, optional fields, preprocessing), without zod's bookkeeping for
 * every field: a quote's 60 fields cost zod about 10 KB of garbage. `REFUSED` when the input does not
 * pass, or the schema has other parts (unions, checks, defaults): zod then decides, and words the
 * issues.
 */
export function fastParse<T>(schema: z.ZodType<T>, input: unknown): T | typeof REFUSED {
  let check = compiled.get(schema);
  if (check === undefined) {
    check = compile(schema as unknown as Schema);
    compiled.set(schema, check);
  }
  return check === null ? REFUSED : (check(input) as T | typeof REFUSED);
}
