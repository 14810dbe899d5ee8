// Writes the filter table of docs/api.md from the filters' declarations
// (lib/catalog/filters): `npm run docs:filters`. scripts/docs.test.ts fails while the
// page and the declarations disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { filterTable } from '../lib/catalog/filters/table';
import { withGeneratedSection } from './docs-check';

const page = fileURLToPath(new URL('../docs/api.md', import.meta.url));
const before = readFileSync(page, 'utf8');
const after = withGeneratedSection(before, 'filter table', filterTable());
if (after !== before) writeFileSync(page, after);
console.log(after === before ? 'docs/api.md: the filter table was up to date' : 'docs/api.md: filter table written');
