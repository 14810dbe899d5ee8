/**
 * Link header values joined into one, each link once (the first spelling kept). Links
 * are split on the commas between them, not on commas inside `<…>` or quoted parameters.
 */
export function mergeLinks(...values: Array<string | null | undefined>): string {
  const seen = new Set<string>();
  const links: string[] = [];
  for (const value of values) {
    for (const link of splitLinks(value ?? '')) {
      const key = link.replace(/\s*;\s*/g, ';').toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      links.push(link);
    }
  }
  return links.join(', ');
}

function splitLinks(value: string): string[] {
  const out: string[] = [];
  let current = '';
  let inUri = false;
  let inQuote = false;
  for (const c of value) {
    if (c === '<' && !inQuote) inUri = true;
    else if (c === '>' && !inQuote) inUri = false;
    else if (c === '"' && !inUri) inQuote = !inQuote;
    if (c === ',' && !inUri && !inQuote) {
      if (current.trim()) out.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
