import { ALL_FILTERS } from '.';

// The filters as docs/api.md's table shows them, from their declarations
// (`npm run docs:filters` writes it; scripts/docs.test.ts checks it).

const code = (names: readonly string[]) => (names.length > 0 ? names.map((n) => `\`${n}\``).join(', ') : '—');

/** The table's lines: one row per filter, in the order they are read. */
export function filterTable(): string[] {
  return [
    '| Filter | API | Website | MCP `search_events` | 400 codes | What it keeps |',
    '|---|---|---|---|---|---|',
    ...ALL_FILTERS.map((f) => {
      const mcp = Object.keys(f.mcp.input({ today: 'today', timeZone: 'zone' }));
      const api = f.api ? code(f.params) : `— (${code(f.params)} elsewhere)`;
      return `| ${f.name} | ${api} | ${code(f.site.fields)} | ${code(mcp)} | ${code(Object.keys(f.problems ?? {}))} | ${f.summary} |`;
    }),
  ];
}
