// The judged query set: natural searches in Portuguese and English over the demo catalog,
// each with a predicate that says which events are relevant. The relevance test and the
// scale benchmark read it.
import { readDateWords } from '../lib/catalog/search/natural-request';
import { DEFAULT_BRAND_TIME_ZONE, localToday, wishRange } from '../lib/catalog/search/relative-dates';
import { fold } from '../lib/catalog/search/search-terms';

/**
 * What a judgement looks at: the public fields of an event, its category and its lowest
 * price with fees on sale (cents; null when nothing is on sale), which the API does not show.
 */
export type Judged = {
  name: string;
  city: string | null;
  state_abbr: string | null;
  venue: string | null;
  producer: string | null;
  online: boolean;
  category: string | null;
  lowest: number | null;
  /** The calendar day it starts on, in its own time zone (YYYY-MM-DD), or null. */
  day: string | null;
};
type Predicate = (e: Judged) => boolean;

/** An event of a list as the rules read it, with what a list item does not carry. */
export const judgedEvent = (
  item: {
    name: string;
    is_online: boolean;
    location: { name: string | null; city: string | null; state_abbr: string | null } | null;
    starts_at: string | null;
    timezone: string | null;
  },
  more: Pick<Judged, 'producer' | 'category' | 'lowest'>,
): Judged => ({
  name: item.name,
  day: item.starts_at ? localToday(new Date(item.starts_at), item.timezone ?? 'UTC') : null,
  city: item.location?.city ?? null,
  state_abbr: item.location?.state_abbr ?? null,
  venue: item.location?.name ?? null,
  online: item.is_online,
  ...more,
});

const words = (text: string | null) => fold(text ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** The event's name has a word that starts with `w` (folded); "stand-up" counts as one word too. */
const name = (w: string): Predicate => (e) => words(e.name).some((x) => x.startsWith(fold(w))) || fold(e.name).replaceAll('-', '').includes(fold(w));
const city = (c: string): Predicate => (e) => fold(e.city ?? '') === fold(c);
const state = (abbr: string): Predicate => (e) => e.state_abbr === abbr;
const venue = (w: string): Predicate => (e) => words(e.venue).includes(fold(w));
// Large demo catalogs number repeated producer names ("Silva Produções 57"): each is that producer too.
const producer = (p: string): Predicate => (e) => fold(e.producer ?? '') === fold(p) || fold(e.producer ?? '').startsWith(`${fold(p)} `);
const online: Predicate = (e) => e.online;
const category = (slug: string): Predicate => (e) => e.category === slug;
const upTo = (brl: number): Predicate => (e) => e.lowest !== null && e.lowest <= brl * 100;
const or = (...ps: Predicate[]): Predicate => (e) => ps.some((p) => p(e));
/** Starts on the days the date words of `q` name, read as the site, MCP and A2A read them. */
const saidDays = (q: string, timeZone: string): Predicate => {
  const { when } = readDateWords(fold(q), new Date(), timeZone);
  if (!when) throw new Error(`no date in "${q}"`);
  const range = wishRange(when, new Date(), timeZone);
  return (e) => e.day !== null && e.day >= range.from && e.day <= range.to;
};

/**
 * A judgement: the events that meet every predicate are relevant; when no event of the
 * brand meets them all, those that meet any (the best partial matches) are.
 */
export type JudgedQuery = {
  q: string;
  all: Predicate[];
  /** What the filters ask (a place page, a category chip, a price): every result meets them. */
  filters?: Predicate[];
  /** Filters beside the text, as the site sends them (a place page, a category chip, a price). */
  params?: Record<string, string>;
  /** Judged on what the API does not show (category, price): the site, MCP and A2A only. */
  beyondApi?: boolean;
  /** Words with typos: the search reads them as these ("você quis dizer"). */
  corrected?: string;
  /** No event can match: the answer is empty, and says so. */
  none?: boolean;
  /**
   * Asked as the site reads its words (a place, a date or a price said becomes the filter
   * its chip sets; MCP and A2A read them the same way); the API's q keeps places as words.
   */
  asSite?: boolean;
  /** When no event meets every predicate, the first result still meets this one (what the event is, before the place). */
  first?: Predicate;
};

export function relevantSet(query: JudgedQuery, events: Judged[]): Set<Judged> {
  if (query.none) return new Set();
  const eligible = events.filter((e) => (query.filters ?? []).every((p) => p(e)));
  if (query.all.length === 0) return new Set(eligible);
  const every = eligible.filter((e) => query.all.every((p) => p(e)));
  return new Set(every.length > 0 ? every : eligible.filter((e) => query.all.some((p) => p(e))));
}

/**
 * The queries; `producerName` is a producer of the brand, for the producer queries;
 * dates in words are the brand's (`timeZone`) days from now.
 */
export function judgedQueries(producerName: string, timeZone = DEFAULT_BRAND_TIME_ZONE): JudgedQuery[] {
  const on = (q: string) => saidDays(q, timeZone);
  const surname = producerName.split(' ')[0]!;
  const stand = name('stand');
  return [
    { q: 'forró em Recife', all: [name('forro'), city('Recife')] },
    { q: 'eventos em São Paulo', all: [city('São Paulo')] },
    { q: 'shows em sao paulo', all: [city('São Paulo')] },
    { q: 'o que tem em Salvador', all: [city('Salvador')] },
    { q: 'events in Salvador', all: [city('Salvador')] },
    { q: 'jazz sp', all: [name('jazz'), state('SP')] },
    { q: 'standup', all: [stand] },
    { q: 'stand up', all: [stand] },
    { q: 'Stand-Up', all: [stand] },
    { q: 'forro recfie', all: [name('forro'), city('Recife')] },
    { q: 'florianoplis', all: [city('Florianópolis')] },
    { q: 'rio de janeiro', all: [city('Rio de Janeiro')] },
    { q: 'belo horizonte', all: [city('Belo Horizonte')] },
    { q: 'pernambuco', all: [state('PE')] },
    { q: 'samba', all: [name('samba')] },
    { q: 'festival', all: [or(name('festival'), category('festivais'))], beyondApi: true },
    { q: 'festival de jazz', all: [or(name('festival'), category('festivais')), name('jazz')], beyondApi: true },
    { q: 'jazz in são paulo', all: [name('jazz'), city('São Paulo')] },
    { q: 'sertanejo em goiania', all: [name('sertanejo'), city('Goiânia')] },
    { q: 'pagode na bahia', all: [name('pagode'), state('BA')] },
    { q: 'frevo pe', all: [name('frevo'), state('PE')] },
    { q: 'curso de fotografia', all: [name('curso'), name('fotografia')] },
    { q: 'masterclass gastronomia', all: [name('masterclass'), or(name('gastronomia'), category('gastronomia'))], beyondApi: true },
    { q: 'eletronica', all: [name('eletronica')] },
    { q: 'eletrnica', all: [name('eletronica')] },
    { q: 'sertanjeo', all: [name('sertanejo')] },
    { q: 'festivl', all: [name('festival')] },
    { q: 'MPB em Curitiba', all: [name('mpb'), city('Curitiba')] },
    { q: 'rock porto alegre', all: [name('rock'), city('Porto Alegre')] },
    { q: 'choro em brasilia', all: [name('choro'), city('Brasília')] },
    { q: 'axé salvador', all: [name('axe'), city('Salvador')] },
    { q: 'brega belem', all: [name('brega'), city('Belém')] },
    { q: "what's on in Recife", all: [city('Recife')] },
    { q: 'events near Campinas', all: [city('Campinas')] },
    { q: 'tickets for samba in rio de janeiro', all: [name('samba'), city('Rio de Janeiro')] },
    { q: 'baile de forró', all: [name('baile'), name('forro')] },
    { q: 'noite de jazz', all: [name('noite'), name('jazz')] },
    { q: 'forró hoje', all: [name('forro')] },
    { q: 'festas em fortaleza', all: [category('festas'), city('Fortaleza')], beyondApi: true },
    { q: 'MANAUS', all: [city('Manaus')] },
    { q: 'joao pessoa', all: [city('João Pessoa')] },
    { q: 'teatro em sao paulo', all: [or(venue('teatro'), category('teatro')), city('São Paulo')], beyondApi: true },
    { q: `${surname} producoes`, all: [producer(producerName)] },
    { q: 'workshop online', all: [or(name('workshop'), category('cursos-e-workshops'))], beyondApi: true },
    { q: 'festival in minas gerais', all: [or(name('festival'), category('festivais')), state('MG')], beyondApi: true },
    { q: 'samba ou pagode', all: [or(name('samba'), name('pagode'))] },
    { q: 'florianopolis forro', all: [name('forro'), city('Florianópolis')] },
    // Several topic words with "online" or a place: events that have every one come first.
    { q: 'curso de fotografia online', all: [or(name('curso'), category('cursos-e-workshops')), name('fotografia'), online], beyondApi: true },
    { q: 'workshop online de gastronomia', all: [or(name('workshop'), category('cursos-e-workshops')), or(name('gastronomia'), category('gastronomia')), online], beyondApi: true },
    { q: 'masterclass de tecnologia online', all: [name('masterclass'), name('tecnologia'), online] },
    { q: 'literatura online', all: [name('literatura'), online] },
    { q: 'festival de forró em Recife', all: [name('festival'), name('forro'), city('Recife')] },
    { q: 'noite de samba no rio de janeiro', all: [name('noite'), name('samba'), city('Rio de Janeiro')] },
    { q: 'baile de frevo em pernambuco', all: [name('baile'), name('frevo'), state('PE')] },
    { q: 'teatro recife', all: [or(venue('teatro'), category('teatro')), city('Recife')], beyondApi: true },
    // Categories named in words, in Portuguese and English.
    { q: 'teatro', all: [or(venue('teatro'), category('teatro'))], beyondApi: true },
    { q: 'peça de teatro', all: [category('teatro')], beyondApi: true },
    { q: 'stand up em São Paulo', all: [category('stand-up'), city('São Paulo')], beyondApi: true },
    { q: 'comedy', all: [category('stand-up')], beyondApi: true },
    { q: 'pra criança', all: [category('infantil')], beyondApi: true },
    { q: 'programação infantil em Recife', all: [category('infantil'), city('Recife')], beyondApi: true },
    { q: 'esportes', all: [category('esportes')], beyondApi: true },
    { q: 'corrida de rua', all: [category('esportes')], beyondApi: true },
    { q: 'gastronomia em salvador', all: [category('gastronomia'), city('Salvador')], beyondApi: true },
    { q: 'balada', all: [category('festas')], beyondApi: true },
    { q: 'kids shows in São Paulo', all: [category('infantil'), city('São Paulo')], beyondApi: true },
    { q: 'oficina', all: [category('cursos-e-workshops')], beyondApi: true },
    // A category chip, a place page, a price: filters beside the words.
    { q: 'samba', params: { category: 'shows' }, all: [name('samba')], filters: [category('shows')], beyondApi: true },
    { q: '', params: { category: 'teatro' }, all: [], filters: [category('teatro')], beyondApi: true },
    { q: '', params: { city: 'Recife' }, all: [], filters: [city('Recife')] },
    { q: 'forró', params: { city: 'Fortaleza' }, all: [name('forro')], filters: [city('Fortaleza')] },
    { q: '', params: { category: 'festas', city: 'São Paulo' }, all: [], filters: [category('festas'), city('São Paulo')], beyondApi: true },
    { q: '', params: { free: 'true' }, all: [], filters: [upTo(0)], beyondApi: true },
    { q: 'jazz', params: { price_max: '100' }, all: [name('jazz')], filters: [upTo(100)], beyondApi: true },
    { q: '', params: { price_max: '50', city: 'São Paulo' }, all: [], filters: [upTo(50), city('São Paulo')], beyondApi: true },
    { q: 'shows', params: { price_max: '80', state: 'PE' }, all: [], filters: [upTo(80), state('PE')], beyondApi: true },
    { q: '', params: { category: 'infantil', free: 'true' }, all: [], filters: [category('infantil'), upTo(0)], beyondApi: true },
    // Prices in words: read as filters by the site, MCP and A2A (readPriceWords).
    { q: 'eventos grátis', all: [], filters: [upTo(0)], beyondApi: true },
    { q: 'shows de graça em são paulo', all: [city('São Paulo')], filters: [upTo(0)], beyondApi: true },
    { q: 'teatro até 50 reais', all: [or(venue('teatro'), category('teatro'))], filters: [upTo(50)], beyondApi: true },
    { q: 'samba até R$ 100', all: [name('samba')], filters: [upTo(100)], beyondApi: true },
    // Dates in words: read as the date filter by the site, MCP and A2A (readDateWords).
    { q: 'forró neste fim de semana', all: [name('forro')], filters: [on('neste fim de semana')], beyondApi: true },
    { q: 'eventos este fim de semana', all: [], filters: [on('este fim de semana')], beyondApi: true },
    { q: 'stand up em são paulo sábado', all: [category('stand-up'), city('São Paulo')], filters: [on('sábado')], beyondApi: true },
    { q: 'shows hoje', all: [], filters: [on('hoje')], beyondApi: true },
    { q: 'samba amanhã', all: [name('samba')], filters: [on('amanhã')], beyondApi: true },
    { q: 'forró em dezembro', all: [name('forro')], filters: [on('em dezembro')], beyondApi: true },
    { q: 'teatro em janeiro', all: [or(venue('teatro'), category('teatro'))], filters: [on('em janeiro')], beyondApi: true },
    { q: 'jazz dia 12', all: [name('jazz')], filters: [on('dia 12')], beyondApi: true },
    { q: 'shows grátis no domingo', all: [], filters: [upTo(0), on('no domingo')], beyondApi: true },
    // Typos: the search reads the nearest words and says which ("Você quis dizer").
    { q: 'sambaa recfie', all: [name('samba'), city('Recife')], corrected: 'samba recife' },
    // Said back with the catalog's own accents: "forró", not "forro".
    { q: 'forro recfie', all: [name('forro'), city('Recife')], corrected: 'forró recife' },
    { q: 'forro em salvadro', all: [name('forro'), city('Salvador')], corrected: 'forró em salvador' },
    { q: 'Forroo em Sao Paulo', all: [name('forro'), city('São Paulo')], corrected: 'Forró em São Paulo' },
    { q: 'sertanjeo em goiania', all: [name('sertanejo'), city('Goiânia')], corrected: 'sertanejo em goiânia' },
    // Places said in the words: the site, MCP and A2A read them as the city or state filter,
    // and the words left rank what the events are.
    { q: 'Quero um show de samba em Recife', asSite: true, all: [name('samba')], filters: [city('Recife')], beyondApi: true },
    { q: 'quero ver forró em Recife', asSite: true, all: [name('forro')], filters: [city('Recife')], beyondApi: true },
    { q: 'jazz in são paulo', asSite: true, all: [name('jazz')], filters: [city('São Paulo')], beyondApi: true },
    { q: 'frevo em Pernambuco', asSite: true, all: [name('frevo')], filters: [state('PE')], beyondApi: true },
    { q: 'pagode na Bahia', asSite: true, all: [name('pagode')], filters: [state('BA')], beyondApi: true },
    { q: 'festival no Rio de Janeiro', asSite: true, all: [or(name('festival'), category('festivais'))], filters: [city('Rio de Janeiro')], beyondApi: true },
    { q: 'rock SP', asSite: true, all: [name('rock')], filters: [state('SP')], beyondApi: true },
    { q: 'teatro em salvador', asSite: true, all: [or(venue('teatro'), category('teatro'))], filters: [city('Salvador')], beyondApi: true },
    // In the API's q a place is a word: an event that is what was asked ranks above one that is only in the place.
    { q: 'samba recife', all: [name('samba'), city('Recife')], first: name('samba') },
    { q: 'forró salvador', all: [name('forro'), city('Salvador')], first: name('forro') },
    { q: 'eletrônica em Fortaleza', all: [name('eletronica'), city('Fortaleza')], first: name('eletronica') },
    // Words no event has: an empty answer (the site then offers what would find events).
    { q: 'zumbalanga quântica', all: [], none: true },
    { q: 'xilofonia subaquática', all: [], none: true },
  ];
}
