import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import type { z } from 'zod';

type Json = Record<string, unknown>;

/**
 * A tool's schema as the SDK lists it, through the Standard Schema interface zod implements: validation is
 * zod's own, and the JSON Schema is written once for the process (every server of every request or
 * session lists the same object) without the `$schema` key, since 2020-12 is MCP's default dialect.
 */
export function listedSchema<S extends z.ZodType>(
  schema: S,
  io: 'input' | 'output',
): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'] as StandardSchemaWithJSON<z.input<S>, z.output<S>>['~standard'];
  let json: Json | undefined;
  const convert = (options: Parameters<typeof standard.jsonSchema.input>[0]): Json => {
    if (json === undefined) {
      const { $schema: _dialect, ...rest } = standard.jsonSchema[io](options);
      json = rest;
    }
    return json;
  };
  return { '~standard': { ...standard, jsonSchema: { input: convert, output: convert } } };
}
