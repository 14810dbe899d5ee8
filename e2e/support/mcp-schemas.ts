import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

// The official JSON Schema of each MCP revision (vendored, see mcp-schemas/SOURCES.md),
// to check an answer against the revision it was given under.

const dir = fileURLToPath(new URL('./mcp-schemas/', import.meta.url));
const validators = new Map<string, Ajv | Ajv2020>();

function ajvFor(version: string): Ajv | Ajv2020 {
  let ajv = validators.get(version);
  if (!ajv) {
    const schema = JSON.parse(readFileSync(`${dir}${version}.schema.json`, 'utf8')) as { $schema: string };
    ajv = schema.$schema.includes('2020-12') ? new Ajv2020({ strict: false, allErrors: true }) : new Ajv({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(schema, version);
    validators.set(version, ajv);
  }
  return ajv;
}

/** The validation errors of a value against a definition of a revision's schema (empty when valid). */
export function schemaErrors(version: string, definition: string, value: unknown): string[] {
  const ajv = ajvFor(version);
  const defs = version >= '2025-11-25' ? '$defs' : 'definitions';
  const validate = ajv.getSchema(`${version}#/${defs}/${definition}`);
  if (!validate) throw new Error(`No ${definition} in the ${version} schema`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}
