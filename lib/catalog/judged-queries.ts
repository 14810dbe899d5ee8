// The judged query set: natural searches in Portuguese and English over the demo catalog,
// each with a predicate that says which events are relevant. The relevance test and the
// scale benchmark read it.
import { fold } from './search-terms';

/** What a judgement looks at: the public fields of an event. */
export type Judged = { name: string; city: string | null; state_abbr: string | null; venue: string | null; producer: string | null; online: boolean };
type Predicate = (e: Judged) => boolean;

const words = (text: string | null) => fold(text ?? '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
/** The event's name has a word that starts with `w` (folded); "stand-up" counts as one word too. */
const name = (w: string): Predicate => (e) => words(e.name).some((x) => x.startsWith(fold(w))) || fold(e.name).replaceAll('-', '').includes(fold(w));
const city = (c: string): Predicate => (e) => fold(e.city ?? '') === fold(c);
const state = (abbr: string): Predicate => (e) => e.state_abbr === abbr;
const venue = (w: string): Predicate => (e) => words(e.venue).includes(fold(w));
// Large demo catalogs number repeated producer names ("Silva Produções 57"): each is that producer too.
const producer = (p: string): Predicate => (e) => fold(e.producer ?? '') === fold(p) || fold(e.producer ?? '').startsWith(`${fold(p)} `);
const online: Predicate = (e) => e.online;
const or = (...ps: Predicate[]): Predicate => (e) => ps.some((p) => p(e));

/**
 * A judgement: the events that meet every predicate are relevant; when no event of the
 * brand meets them all, those that meet any (the best partial matches) are.
 */
export type JudgedQuery = { q: string; all: Predicate[] };

export function relevantSet(query: JudgedQuery, events: Judged[]): Set<Judged> {
  const every = events.filter((e) => query.all.every((p) => p(e)));
  return new Set(every.length > 0 ? every : events.filter((e) => query.all.some((p) => p(e))));
}

/** The queries; `producerName` is a producer of the brand, for the producer queries. */
export function judgedQueries(producerName: string): JudgedQuery[] {
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
    { q: 'festival', all: [name('festival')] },
    { q: 'festival de jazz', all: [name('festival'), name('jazz')] },
    { q: 'jazz in são paulo', all: [name('jazz'), city('São Paulo')] },
    { q: 'sertanejo em goiania', all: [name('sertanejo'), city('Goiânia')] },
    { q: 'pagode na bahia', all: [name('pagode'), state('BA')] },
    { q: 'frevo pe', all: [name('frevo'), state('PE')] },
    { q: 'curso de fotografia', all: [name('curso'), name('fotografia')] },
    { q: 'masterclass gastronomia', all: [name('masterclass'), name('gastronomia')] },
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
    { q: 'festas em fortaleza', all: [city('Fortaleza')] },
    { q: 'MANAUS', all: [city('Manaus')] },
    { q: 'joao pessoa', all: [city('João Pessoa')] },
    { q: 'teatro em sao paulo', all: [venue('teatro'), city('São Paulo')] },
    { q: `${surname} producoes`, all: [producer(producerName)] },
    { q: 'workshop online', all: [name('workshop')] },
    { q: 'festival in minas gerais', all: [name('festival'), state('MG')] },
    { q: 'samba ou pagode', all: [or(name('samba'), name('pagode'))] },
    { q: 'florianopolis forro', all: [name('forro'), city('Florianópolis')] },
    // Several topic words with "online" or a place: events that have every one come first.
    { q: 'curso de fotografia online', all: [name('curso'), name('fotografia'), online] },
    { q: 'workshop online de gastronomia', all: [name('workshop'), name('gastronomia'), online] },
    { q: 'masterclass de tecnologia online', all: [name('masterclass'), name('tecnologia'), online] },
    { q: 'literatura online', all: [name('literatura'), online] },
    { q: 'festival de forró em Recife', all: [name('festival'), name('forro'), city('Recife')] },
    { q: 'noite de samba no rio de janeiro', all: [name('noite'), name('samba'), city('Rio de Janeiro')] },
    { q: 'baile de frevo em pernambuco', all: [name('baile'), name('frevo'), state('PE')] },
    { q: 'teatro recife', all: [venue('teatro'), city('Recife')] },
  ];
}
