import { describe, expect, test } from 'vitest';
import { analyzeQuery, editDistance, fold, isOneTypoAway, oneEditAway } from './search-terms';

const places = { cities: new Set(['recife', 'sao paulo', 'rio de janeiro', 'belo horizonte', 'salvador', 'campinas']) };
const show = (q: string) =>
  analyzeQuery(q, places).map((t) =>
    t.kind === 'text'
      ? `${t.folded}${t.prefix ? '*' : ''}`
      : t.kind === 'city'
        ? `city:${t.city}${t.state ? `/${t.state}` : ''}`
        : t.kind === 'state'
          ? `state:${t.abbr}`
          : t.kind === 'category'
            ? `category:${t.category}(${t.words.join(' ')})`
            : 'online',
  );

describe('analyzeQuery', () => {
  test.each([
    ['forró em Recife', ['forro', 'city:recife']],
    ['eventos em São Paulo', ['city:sao paulo/sp']],
    ['o que tem em Salvador', ['city:salvador']],
    ['events in Salvador', ['city:salvador']],
    ['jazz sp', ['jazz', 'state:sp']],
    ['Rio de Janeiro', ['city:rio de janeiro/rj']],
    ['samba no rio', ['samba', 'rio*']],
    ['pernambuco', ['state:pe']],
    ['festival in minas gerais', ['category:festivais(festival)', 'state:mg']],
    ['stand-up', ['category:stand-up(stand up)']],
    ['stand up em recife', ['category:stand-up(stand up)', 'city:recife']],
    ['teatro', ['category:teatro(teatro)']],
    ['teat', ['teat*']],
    ['peça pra criança', ['category:teatro(peca)', 'category:infantil(crianca)']],
    ['comedia comédia', ['category:stand-up(comedia)']],
    ['shows para hoje', []],
    ['!!!', []],
    ['forró to', ['forro']],
    ['forró TO', ['forro', 'state:to']],
    ['para', []],
    ['workshop online', ['category:cursos-e-workshops(workshop)', 'online']],
    ['curso de fotografia online em Recife', ['category:cursos-e-workshops(curso)', 'fotografia', 'online', 'city:recife']],
    ['Online ONLINE virtual', ['online']],
  ])('%s', (q, expected) => {
    expect(show(q)).toEqual(expected);
  });

  test('each term keeps the words as typed, for saying which ones matched', () => {
    expect(analyzeQuery('Forró em São Paulo online', places).map((t) => t.label)).toEqual(['forró', 'são paulo', 'online']);
  });

  test('only the last word is a prefix; at most 8 words count', () => {
    expect(show('samba jazz rock')).toEqual(['samba', 'jazz', 'rock*']);
    expect(show('um dois tres quatro cinco seis sete oito nove')).toEqual(['dois', 'tres', 'quatro', 'cinco', 'seis', 'sete', 'oito']);
  });

  test('fold removes case and accents, composed or not', () => {
    expect(fold('SÃO Paulo')).toBe('sao paulo');
    expect(fold('Sa\u0303o')).toBe('sao');
  });
});

describe('typos', () => {
  test.each([
    ['recfie', 'recife', false, true], // swap
    ['florianoplis', 'florianopolis', false, true], // deletion
    ['sambba', 'samba', false, true], // insertion
    ['festivl', 'festival', true, true], // prefix, as typed
    ['fetsiv', 'festival', true, true],
    ['fetsiv', 'festival', false, false],
    ['rcfie', 'recife', false, false], // two typos
    ['jazs', 'jazz', false, false], // too short for a typo
  ])('%s ~ %s (prefix %s): %s', (typed, word, prefix, expected) => {
    expect(isOneTypoAway(typed, word, prefix)).toBe(expected);
  });

  test('editDistance counts swaps of neighbours as one', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('abcd', 'ab', 3)).toBe(2);
  });
});

describe('spellings one edit away', () => {
  test('every one is one edit away, and every kind of edit is there', () => {
    const edits = oneEditAway('recife');
    expect(edits.every((e) => editDistance('recife', e) === 1)).toBe(true);
    expect(edits).toEqual(expect.arrayContaining(['recfie', 'recie', 'recifes', 'rexife', 'erc' + 'ife']));
    expect(edits).not.toContain('recife');
    expect(new Set(edits).size).toBe(edits.length);
  });

  test('a character outside the BMP is never split: every spelling is well-formed text', () => {
    const edits = oneEditAway('㉄𒾐𒾐');
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(edits.filter((e) => loneSurrogate.test(e))).toEqual([]);
    expect(edits).toEqual(expect.arrayContaining(['㉄𒾐', '𒾐㉄𒾐', '㉄𒾐𒾐a']));
  });

  test('each word one edit from the typed one is among its spellings', () => {
    for (const [typed, word] of [['recfie', 'recife'], ['salvdor', 'salvador'], ['sertanjeo', 'sertanejo'], ['forrro', 'forro'], ['samb4', 'samba']]) {
      expect(oneEditAway(typed!)).toContain(word);
    }
  });
});
