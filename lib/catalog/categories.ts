// The kinds of event people browse by, as catalog data: each event has at most one
// category, given by its import record. Slugs are stable (they are URLs and API values);
// labels are what people read; `words` are the folded phrases that name the category in
// a search text ("teatro", "stand up", "pra criança"), already folded (lower case, no accents).

export type Category = {
  slug: string;
  /** Plural label, as a heading or a chip: "Teatro e espetáculos". */
  label: string;
  /** Phrases (folded, single spaces) that ask for this category in a search text. */
  words: readonly string[];
};

export const CATEGORIES: readonly Category[] = [
  { slug: 'shows', label: 'Shows e música', words: ['musica', 'musicas', 'concerto', 'concertos', 'music', 'concert', 'concerts', 'ao vivo'] },
  { slug: 'festas', label: 'Festas e baladas', words: ['festa', 'festas', 'balada', 'baladas', 'party', 'parties'] },
  { slug: 'teatro', label: 'Teatro e espetáculos', words: ['teatro', 'teatros', 'peca', 'pecas', 'espetaculo', 'espetaculos', 'theatre', 'theater', 'play'] },
  { slug: 'stand-up', label: 'Stand-up e humor', words: ['stand up', 'standup', 'stand-up', 'humor', 'comedia', 'comedy'] },
  { slug: 'infantil', label: 'Infantil', words: ['infantil', 'infantis', 'crianca', 'criancas', 'pra crianca', 'para criancas', 'kids', 'children', 'familia'] },
  { slug: 'festivais', label: 'Festivais', words: ['festival', 'festivais', 'festivals'] },
  { slug: 'esportes', label: 'Esportes', words: ['esporte', 'esportes', 'esportivo', 'esportivos', 'sport', 'sports', 'corrida', 'corridas'] },
  { slug: 'cursos-e-workshops', label: 'Cursos e workshops', words: ['curso', 'cursos', 'workshop', 'workshops', 'oficina', 'oficinas', 'palestra', 'palestras'] },
  { slug: 'gastronomia', label: 'Gastronomia', words: ['gastronomia', 'gastronomico', 'gastronomica', 'degustacao', 'food', 'comida'] },
];

export const CATEGORY_SLUGS = CATEGORIES.map((c) => c.slug) as [string, ...string[]];

const BY_SLUG = new Map(CATEGORIES.map((c) => [c.slug, c]));

/** The category of a slug, or null. */
export function categoryBySlug(slug: string): Category | null {
  return BY_SLUG.get(slug) ?? null;
}

/** Phrases naming a category, longest first, so "pra crianca" wins over "crianca". */
const PHRASES: ReadonlyArray<{ words: string[]; category: Category }> = CATEGORIES.flatMap((category) =>
  category.words.map((w) => ({ words: w.replace(/-/g, ' ').split(' '), category })),
).sort((a, b) => b.words.length - a.words.length);

/**
 * The category named by the folded words starting at `at`, and how many words name it;
 * null when none does.
 */
export function categoryAt(words: readonly string[], at: number): { category: Category; length: number } | null {
  for (const phrase of PHRASES) {
    if (phrase.words.every((w, i) => words[at + i] === w)) return { category: phrase.category, length: phrase.words.length };
  }
  return null;
}

/** Age ratings of the Brazilian classificação indicativa, from "livre" (all ages). */
export const AGE_RATINGS = ['livre', '10', '12', '14', '16', '18'] as const;
export type AgeRating = (typeof AGE_RATINGS)[number];

/** How an age rating reads: "Livre" or "14 anos". */
export const ageRatingLabel = (rating: AgeRating): string => (rating === 'livre' ? 'Livre' : `${rating} anos`);

/**
 * What an event offers for access (a closed list): stable codes, as the import record, the
 * API's `accessibility` parameter and MCP name them, in the order every surface lists them.
 */
export const ACCESSIBILITY_FEATURES = ['wheelchair', 'libras', 'audio_description', 'accessible_toilets', 'reserved_seats'] as const;
export type AccessibilityFeature = (typeof ACCESSIBILITY_FEATURES)[number];

/** How each feature reads on the site and in Markdown. */
export const ACCESSIBILITY_LABELS: Record<AccessibilityFeature, string> = {
  wheelchair: 'Acessível para cadeirantes',
  libras: 'Intérprete de Libras',
  audio_description: 'Audiodescrição',
  accessible_toilets: 'Banheiro acessível',
  reserved_seats: 'Assentos reservados',
};

/** What is known of whether an event happens as announced. */
export const EVENT_STATUSES = ['scheduled', 'cancelled', 'postponed', 'rescheduled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Maximum prices (with fees, BRL) people pick from, and free. */
export const PRICE_CHOICES_BRL = [50, 100, 200] as const;
