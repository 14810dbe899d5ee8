import { z } from 'zod';
import { ACCESSIBILITY_FEATURES, ACCESSIBILITY_LABELS, type AccessibilityFeature } from '../categories';
import { fold } from '../search/search-terms';
import { defineFilter, type WordsRead } from './declaration';

// Events that offer every feature asked for access (lib/catalog/categories.ts): on the
// API a comma-separated list of the features' codes, on the website one chip of a group,
// and words of a request ("acessível para cadeirantes", "com intérprete de Libras").

const CODES = ACCESSIBILITY_FEATURES.join(', ');

/** Each feature on the website: its value in the page's address, and its chip. */
export const ACCESSIBILITY_CHIPS: ReadonlyArray<{ value: string; feature: AccessibilityFeature }> = [
  { value: 'cadeirantes', feature: 'wheelchair' },
  { value: 'libras', feature: 'libras' },
  { value: 'audiodescricao', feature: 'audio_description' },
  { value: 'banheiro-acessivel', feature: 'accessible_toilets' },
  { value: 'assentos-reservados', feature: 'reserved_seats' },
];

// Words that ask for a feature, on folded text (no accents, lower case), with what leads
// to them ("com", "e", "acessível para").
const LEAD = String.raw`(?:(?:com|e)\s+)?`;
const WORDS: Record<AccessibilityFeature, RegExp> = {
  wheelchair: new RegExp(
    String.raw`\b${LEAD}(?:(?:(?:acessivel|acessiveis|acesso|adaptad[oa]s?)\s+(?:para|pra|a)|para|pra)\s+)?(?:cadeirantes?|(?:usuarios?\s+de\s+)?cadeiras?\s+de\s+rodas)\b|\bwheelchair(?:\s+accessible)?\b`,
    'g',
  ),
  libras: new RegExp(String.raw`\b${LEAD}(?:(?:em|na)\s+|(?:interpretes?|interpretacao|traducao)\s+(?:de|em|para)\s+)?libras\b|\bsign\s+language\b`, 'g'),
  audio_description: new RegExp(String.raw`\b${LEAD}(?:audiodescricao|audio\s+descricao|audio\s+description)\b`, 'g'),
  accessible_toilets: new RegExp(String.raw`\b${LEAD}banheiros?\s+(?:acessive(?:l|is)|adaptados?)\b|\baccessible\s+(?:toilets?|restrooms?)\b`, 'g'),
  reserved_seats: new RegExp(String.raw`\b${LEAD}(?:assentos?|lugares?)\s+reservados?\b|\breserved\s+seats?\b`, 'g'),
};

/** The features that words of a request (folded) ask for, in the list's order, and the words left. */
export function readAccessibilityWords(folded: string): { rest: string; features: AccessibilityFeature[] } {
  let rest = ` ${folded} `;
  const features: AccessibilityFeature[] = [];
  for (const feature of ACCESSIBILITY_FEATURES) {
    const next = rest.replace(WORDS[feature], ' ');
    if (next !== rest) features.push(feature);
    rest = next;
  }
  return { rest: features.length > 0 ? rest.replace(/\s+/g, ' ').trim() : folded.trim(), features };
}

/** The listed features, each once, in the list's order. */
const inOrder = (features: Iterable<string>): AccessibilityFeature[] => {
  const asked = new Set(features);
  return ACCESSIBILITY_FEATURES.filter((f) => asked.has(f));
};

const labels = (features: readonly AccessibilityFeature[]) => features.map((f) => ACCESSIBILITY_LABELS[f]).join(', ');

/**
 * The postings keys, the least common feature first: it is the one a listing walks, and
 * the others are probes of it.
 */
const WALK_ORDER: readonly AccessibilityFeature[] = ['audio_description', 'reserved_seats', 'libras', 'accessible_toilets', 'wheelchair'];

export const accessibility = defineFilter<{ accessibility?: AccessibilityFeature[] }>()({
  name: 'accessibility',
  summary: `Events that offer every feature listed for access (${CODES}).`,
  api: true,
  doc: {
    accessibility: z.string().optional().meta({
      description: `Only events that offer every one of these features for access, comma-separated: ${CODES}. Anything else: 400 \`invalid_accessibility\`. The features of an event are shown on its page, its Markdown and JSON-LD (\`accessibilityFeature\`), not in the API's Event.`,
      example: 'wheelchair,libras',
    }),
  },
  params: ['accessibility'],
  problems: {
    invalid_accessibility: {
      title: 'Invalid accessibility feature',
      about: 'accessibility is not a comma-separated list of the catalog\'s accessibility features.',
      when: `\`accessibility\` names something other than ${ACCESSIBILITY_FEATURES.map((f) => `\`${f}\``).join(', ')}.`,
    },
  },
  read: (params, { fail }) => {
    const asked = params
      .getAll('accessibility')
      .flatMap((v) => v.replaceAll('\0', '').split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (asked.length === 0) return {};
    const unknown = asked.find((v) => !(ACCESSIBILITY_FEATURES as readonly string[]).includes(v));
    if (unknown !== undefined) {
      fail('invalid_accessibility', `accessibility must be a comma-separated list of ${CODES}; "${unknown.slice(0, 40)}" is not one.`);
      return {};
    }
    return { accessibility: inOrder(asked) };
  },
  key: (v) => v.accessibility?.join(',') ?? '',
  active: (v) => Boolean(v.accessibility),
  sql: {
    columns: ['accessibility'],
    where: (v, add) => (v.accessibility ? [`e.accessibility @> ${add(v.accessibility)}::text[]`] : []),
    // Every feature is a key of the postings (migration 015): each result has them all.
    posting: {
      rank: 2.5,
      walk: true,
      key: (v, add) => (v.accessibility ? WALK_ORDER.filter((f) => v.accessibility!.includes(f)).map((f) => add(` x:${f}`)) : null),
    },
  },
  site: {
    fields: ['acessibilidade'],
    order: 8.5,
    chip: (form) => {
      const features = inOrder(form.getAll('acessibilidade').flatMap((v) => ACCESSIBILITY_CHIPS.filter((c) => c.value === v.trim()).map((c) => c.feature)));
      return features.length > 0 ? labels(features) : null;
    },
    drop: () => 'Sem filtro de acessibilidade',
    // The catalog's own name is not read from a page's address (see price.ts).
    toParams: (form, params) => {
      params.delete('accessibility');
      const features = inOrder(form.getAll('acessibilidade').flatMap((v) => ACCESSIBILITY_CHIPS.filter((c) => c.value === v).map((c) => c.feature)));
      if (features.length > 0) params.set('accessibility', features.join(','));
    },
    words: (folded, form, next) => {
      if (form.get('acessibilidade')) return null;
      const said = readAccessibilityWords(folded);
      if (said.features.length === 0) return null;
      for (const c of ACCESSIBILITY_CHIPS) if (said.features.includes(c.feature)) next.append('acessibilidade', c.value);
      return said.rest;
    },
    form: {
      legend: 'Acessibilidade',
      field: 'acessibilidade',
      choices: [{ value: '', label: 'Qualquer' }, ...ACCESSIBILITY_CHIPS.map((c) => ({ value: c.value, label: ACCESSIBILITY_LABELS[c.feature] }))],
    },
  },
  mcp: {
    input: () => ({
      accessibility: z
        .array(z.enum(ACCESSIBILITY_FEATURES))
        .min(1)
        .optional()
        .describe(
          `Only events that offer every one of these for access: ${ACCESSIBILITY_FEATURES.map((f) => `${f} (${ACCESSIBILITY_LABELS[f]})`).join(', ')}. Words in q that name one ("acessível para cadeirantes", "com intérprete de Libras", "audiodescrição") set it too, unless it is given.`,
        ),
    }),
    args: (params) => (params.get('accessibility') ? { accessibility: params.get('accessibility')!.split(',') } : {}),
    toParams: (args, params) => {
      const features = args.accessibility as AccessibilityFeature[] | undefined;
      if (features && features.length > 0) params.set('accessibility', inOrder(features).join(','));
    },
    words: (params) => {
      const q = params.get('q');
      if (!q || params.has('accessibility')) return;
      const said = readAccessibilityWords(fold(q));
      if (said.features.length === 0) return;
      params.set('q', said.rest);
      params.set('accessibility', said.features.join(','));
    },
  },
  natural: (folded): WordsRead | null => {
    const said = readAccessibilityWords(folded);
    if (said.features.length === 0) return null;
    return { rest: said.rest, set: (params) => params.set('accessibility', said.features.join(',')), note: `acessibilidade: ${labels(said.features)}` };
  },
});
