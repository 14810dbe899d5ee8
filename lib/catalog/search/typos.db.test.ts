import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { catalogBackends, fillCatalog } from '../../../e2e/support/catalog-backends';
import { demoRegistry } from '../../brand/registry';
import { migrate } from '../../db/migrate';
import { openPglite } from '../../db/pglite';
import type { Db } from '../../db/types';
import { generateDemo } from '../../demo/generate';
import { listEvents } from '../listing/events';
import { importLines, type ImportOptions } from '../import';
import { parseListQuery } from '../listing/query-params';
import type { EventRecord } from '../record';
import { resolveTerms, type ResolvedText } from './resolve';
import { analyzeQuery } from './search-terms';

// Typo search on a vocabulary of its own: a word the vocabulary neither holds nor
// completes is looked up by every spelling one edit away, in one more statement.
describe('words one typo away', () => {
  let db: Db;
  const spellings = async (q: string) => {
    const [term] = (await resolveTerms(db, analyzeQuery(q, { cities: new Set() }))) as ResolvedText[];
    return term?.spellings;
  };
  let statements: string[] = [];

  beforeAll(async () => {
    db = await openPglite();
    await migrate(db);
    const words = ['recife', 'salvador', 'festival', 'sertanejo', 'florianopolis', 'samba', 'santos', 'reis', 'rebeca'];
    // Filler, so that the index has more than a page of words.
    for (let i = 0; i < 400; i++) words.push(`palavra${i.toString(36)}x`);
    await db.query('INSERT INTO search_words (word, events) SELECT unnest($1::text[]), 1', [words]);
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: unknown[]) => {
      statements.push(sql);
      return query(sql, params);
    }) as Db['query'];
  }, 120_000);
  afterAll(() => db?.close());

  test('a letter left out: found in one more statement', async () => {
    statements = [];
    expect(await spellings('salvdor shows')).toEqual(['salvdor', 'salvador']);
    expect(statements).toHaveLength(2);
  });

  test('two letters swapped in a short word: found among the spellings one edit away, in a second statement of index probes', async () => {
    statements = [];
    expect(await spellings('recfie shows')).toEqual(['recfie', 'recife']);
    expect(statements).toHaveLength(2);
    // Probes of the byte-order index by spelling, not a walk of the vocabulary by distance.
    expect(statements[1]).not.toContain('<->');
    expect(statements[1]).toContain('unnest');
  });

  test('the last word as typed so far: a swap found as the start of a word, in the second statement', async () => {
    statements = [];
    // One swap away from "sertanej", the start of "sertanejo".
    expect(await spellings('sertnaej')).toEqual(['sertnaej', 'sertanejo']);
    expect(statements).toHaveLength(2);
  });

  test('the second statement reads the same words whatever else the vocabulary holds', async () => {
    const before = await spellings('rebcea shows');
    await db.query("INSERT INTO search_words (word, events) SELECT 'ruido' || g, 1 FROM generate_series(1, 2000) g");
    expect(await spellings('rebcea shows')).toEqual(before);
    expect(before).toEqual(['rebcea', 'rebeca']);
    await db.query("DELETE FROM search_words WHERE word LIKE 'ruido%'");
  });

  test('a word the vocabulary holds as typed asks for no typo', async () => {
    statements = [];
    expect(await spellings('recife shows')).toEqual(['recife']);
    expect(statements).toHaveLength(1);
  });

  test('a word nothing is one typo away from stays as typed, after both statements', async () => {
    statements = [];
    expect(await spellings('zzzzzzzz shows')).toEqual(['zzzzzzzz']);
    expect(statements).toHaveLength(2);
  });

  test('the last word, as typed so far, is completed and not searched for typos', async () => {
    expect(await spellings('festi')).toEqual(['festi', 'festival']);
  });
});

// The vocabulary holds the words of the events in the catalog, and only those: what an
// event alone brought leaves with it (withdrawn, renamed, or missing from a whole
// catalog), so "você quis dizer" never offers the name of an event that is gone.
const brands = demoRegistry(3000).brands;
const brandIds = new Set(brands.map((b) => b.id));
const anchor = new Date('2026-11-23T00:00:00Z');
const demo = [...generateDemo({ brands, events: 40, anchor })] as unknown as EventRecord[];
const backends = await catalogBackends('catalog_vocabulary', { connections: 4 });

describe.each(backends)('the typo vocabulary follows the catalog ($name)', ({ open }) => {
  let db: Db;
  let close: () => Promise<void>;
  const aurora = brands.find((b) => b.id === 'aurora')!;
  const base = demo.filter((r) => r.brand === 'aurora');
  // Events whose names bring words no other event has, and one word two of them share.
  const alone = { ...base[0]!, slug: 'zumbificacao-quixotesca', name: 'Zumbificação Quixotesca' };
  const sharing = { ...base[1]!, slug: 'noite-quixotesca', name: 'Noite Quixotesca' };
  const renamed = { ...base[2]!, slug: 'pirilampos-cintilantes', name: 'Pirilampos Cintilantes' };
  const missing = { ...base[3]!, slug: 'xilofonia-estelar', name: 'Xilofonia Estelar' };
  const ours = [alone, sharing, renamed, missing];
  const catalog = [...demo.filter((r) => !base.slice(0, 4).includes(r)), ...ours];
  const lines = (rs: unknown[]) => rs.map((r) => JSON.stringify(r));
  const run = (input: string[], options?: ImportOptions) => importLines(db, input, brandIds, undefined, options);
  const held = async (...words: string[]) =>
    (await db.query<{ word: string }>('SELECT word FROM search_words WHERE word = ANY($1::text[]) ORDER BY word', [words])).map((r) => r.word);
  const corrected = async (q: string) => (await listEvents(aurora, parseListQuery(new URLSearchParams({ q })), { now: anchor, db })).corrected;

  beforeAll(async () => {
    ({ db, close } = await open());
    await fillCatalog(db, brands, catalog);
  }, 120_000);
  afterAll(() => close?.());

  test('a withdrawn event takes the words only it brought; a word another event still brings stays', async () => {
    expect(await held('zumbificacao', 'quixotesca')).toEqual(['quixotesca', 'zumbificacao']);
    // Said back as the catalog writes it, accents restored.
    expect(await corrected('zumbificasao')).toBe('zumbificação');
    expect((await run([JSON.stringify({ brand: 'aurora', slug: alone.slug, withdrawn: true })])).withdrawn).toBe(1);
    expect(await held('zumbificacao', 'quixotesca')).toEqual(['quixotesca']);
    expect(await corrected('zumbificasao')).toBeNull();
    expect(await corrected('quixotezca')).toBe('quixotesca');
  });

  test('a renamed event takes its old words away and brings its new ones', async () => {
    expect(await held('pirilampos', 'cintilantes')).toEqual(['cintilantes', 'pirilampos']);
    expect((await run(lines([{ ...renamed, name: 'Vaga-lumes Cintilantes' }]))).failed).toEqual([]);
    expect(await held('pirilampos', 'cintilantes', 'vagalumes')).toEqual(['cintilantes', 'vagalumes']);
    expect(await corrected('pirilanpos')).toBeNull();
    // The event that shared a word with the withdrawn one is renamed too: the word goes now.
    expect((await run(lines([{ ...sharing, name: 'Noite Barroca' }]))).failed).toEqual([]);
    expect(await held('quixotesca', 'barroca')).toEqual(['barroca']);
  });

  test('an event a whole catalog lacks takes its words with it', async () => {
    expect(await held('xilofonia', 'estelar')).toEqual(['estelar', 'xilofonia']);
    const rest = catalog.filter((r) => r.brand === 'aurora' && r !== missing && r !== alone);
    const report = await run(lines(rest.map((r) => (r === renamed ? { ...r, name: 'Vaga-lumes Cintilantes' } : r === sharing ? { ...r, name: 'Noite Barroca' } : r))), { whole: true, maxWithdrawShare: 0.5 });
    expect(report).toMatchObject({ withdrawn: 1, failed: [] });
    expect(await held('xilofonia', 'estelar')).toEqual([]);
    expect(await corrected('xilofomia')).toBeNull();
  });

  test('every word held is brought by some event in the catalog, and every word an event brings is held', async () => {
    const [row] = await db.query<{ stray: number; lacking: number }>(
      `WITH brought AS (SELECT DISTINCT w FROM events, unnest(tsvector_to_array(search_tsv)) AS w WHERE char_length(w) >= 4)
       SELECT (SELECT count(*)::int FROM search_words s WHERE NOT EXISTS (SELECT 1 FROM brought b WHERE b.w = s.word)) AS stray,
              (SELECT count(*)::int FROM brought b WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.word = b.w)) AS lacking`,
    );
    expect(row).toEqual({ stray: 0, lacking: 0 });
  });
});
