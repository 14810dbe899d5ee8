import { z } from 'zod';
import type { Brand } from '../brand/schema';
import { hasStructuredOutput } from './protocol';
import { TOOLS } from './tools';

// The tools as tools/list gives them (and as the legacy server card lists them).

/** Every tool only reads the catalog. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

type JsonSchema = { type: 'object'; [keyword: string]: unknown };
type Listed = { name: string; title?: string; description: string; inputSchema: JsonSchema; outputSchema?: JsonSchema; annotations: typeof READ_ONLY };

/**
 * A zod schema as JSON Schema 2020-12 with an object at its root. A public shape with an
 * id (EventDetail, EventList) comes out as a root `$ref` into `$defs`; it is brought up to
 * the root, since 2025-06-18 and 2025-11-25 want `"type": "object"` there (and the SDK
 * wraps any other root in a `result` property).
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $ref, $defs, ...root } = z.toJSONSchema(schema, { target: 'draft-2020-12', io }) as Record<string, unknown> & { $ref?: string; $defs?: Record<string, object> };
  const id = typeof $ref === 'string' ? /^#\/\$defs\/([^/]+)$/.exec($ref)?.[1] : undefined;
  if (!id || !$defs?.[id]) return { ...root, ...($ref ? { $ref } : {}), ...($defs ? { $defs } : {}) } as JsonSchema;
  const { [id]: inlined, ...others } = $defs;
  return { ...root, ...inlined, ...(Object.keys(others).length ? { $defs: others } : {}) } as JsonSchema;
}

/**
 * The tools exactly as tools/list answers them under a protocol revision (and as the
 * legacy server card lists them): JSON Schema 2020-12, the dialect MCP names as its
 * default. Titles, output schemas and structured results came with 2025-06-18; under
 * 2025-03-26 a tool has its name, description, input schema and annotations only.
 */
export function listedTools(brand: Brand, version: string, now = new Date()): Listed[] {
  const structured = hasStructuredOutput(version);
  return TOOLS.map((tool) => {
    const t = tool.define(brand, now);
    return {
      name: tool.name,
      ...(structured ? { title: t.title } : {}),
      description: t.description,
      inputSchema: jsonSchema(z.object(t.inputSchema), 'input'),
      ...(structured ? { outputSchema: jsonSchema(t.outputSchema, 'output') } : {}),
      annotations: READ_ONLY,
    };
  });
}
