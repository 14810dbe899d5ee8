import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../db/migrate';
import { openPglite } from '../db/pglite';
import type { Db } from '../db/types';
import { resolveTerms, type ResolvedText } from './search-sql';
import { analyzeQuery } from './search-terms';

// Typo search on a vocabulary of its own: words sharing enough trigrams with the typed
// one are asked first; the nearest words only when none of those is one typo away.
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
    await db.query('INSERT INTO search_words (word) SELECT unnest($1::text[])', [words]);
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: unknown[]) => {
      statements.push(sql);
      return query(sql, params);
    }) as Db['query'];
  }, 120_000);
  afterAll(() => db?.close());

  test('a word that shares enough trigrams is found in one statement', async () => {
    statements = [];
    expect(await spellings('salvdor shows')).toEqual(['salvdor', 'salvador']);
    expect(statements).toHaveLength(1);
  });

  test('two letters swapped in a short word: found among the nearest words, in a second statement', async () => {
    statements = [];
    expect(await spellings('recfie shows')).toEqual(['recfie', 'recife']);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toContain('<->');
  });

  test('a word the vocabulary holds as typed asks for no typo', async () => {
    statements = [];
    expect(await spellings('recife shows')).toEqual(['recife']);
    expect(statements).toHaveLength(1);
  });

  test('a word nothing is one typo away from stays as typed, after both questions', async () => {
    statements = [];
    expect(await spellings('zzzzzzzz shows')).toEqual(['zzzzzzzz']);
    expect(statements).toHaveLength(2);
  });

  test('the last word, as typed so far, is completed and not searched for typos', async () => {
    expect(await spellings('festi')).toEqual(['festi', 'festival']);
  });
});
