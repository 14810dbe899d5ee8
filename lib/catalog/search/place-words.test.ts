import { describe, expect, test } from 'vitest';
import { leftInTypedSpelling, readPlaceWords } from './place-words';
import { fold } from './search-terms';

const CITIES = ['Recife', 'São Paulo', 'Rio de Janeiro', 'Salvador', 'João Pessoa', 'Belo Horizonte'];
const city = (text: string) => readPlaceWords(fold(text), CITIES, 'city');
const state = (text: string) => readPlaceWords(fold(text), CITIES, 'state');

describe('readPlaceWords: a city or a state said in the words, for the site, MCP and A2A', () => {
  test('a city of the catalog, as the catalog spells it, with the "em" before it', () => {
    expect(city('Quero um show de samba em Recife neste fim de semana')).toEqual({
      rest: 'quero um show de samba neste fim de semana',
      place: { kind: 'city', city: 'Recife' },
    });
    expect(city('forró recife')).toEqual({ rest: 'forro', place: { kind: 'city', city: 'Recife' } });
    expect(city('jazz in sao paulo this weekend')).toEqual({ rest: 'jazz this weekend', place: { kind: 'city', city: 'São Paulo' } });
    expect(city('noite de samba no Rio de Janeiro')).toEqual({ rest: 'noite de samba', place: { kind: 'city', city: 'Rio de Janeiro' } });
    expect(city('JOAO PESSOA')).toEqual({ rest: '', place: { kind: 'city', city: 'João Pessoa' } });
  });

  test('a name that is a city of the catalog is never its state', () => {
    expect(state('jazz em São Paulo')).toEqual({ rest: 'jazz em sao paulo', place: null });
    expect(state('samba no Rio de Janeiro')).toEqual({ rest: 'samba no rio de janeiro', place: null });
  });

  test('states by name, with and without accents, and by abbreviation', () => {
    expect(state('frevo em Pernambuco')).toEqual({ rest: 'frevo', place: { kind: 'state', abbr: 'PE' } });
    expect(state('pagode na bahia')).toEqual({ rest: 'pagode', place: { kind: 'state', abbr: 'BA' } });
    expect(state('festival no Ceará')).toEqual({ rest: 'festival', place: { kind: 'state', abbr: 'CE' } });
    expect(state('festival no ceara')).toEqual({ rest: 'festival', place: { kind: 'state', abbr: 'CE' } });
    expect(state('jazz SP')).toEqual({ rest: 'jazz', place: { kind: 'state', abbr: 'SP' } });
    expect(state('forró em Minas Gerais')).toEqual({ rest: 'forro', place: { kind: 'state', abbr: 'MG' } });
    // A catalog without the city São Paulo: the name is the state.
    expect(readPlaceWords('jazz em sao paulo', ['Recife'], 'state')).toEqual({ rest: 'jazz', place: { kind: 'state', abbr: 'SP' } });
  });

  test('two-letter words of the language are states only after "em"', () => {
    expect(state('o que se faz hoje').place).toBeNull();
    expect(state('show em SE').place).toEqual({ kind: 'state', abbr: 'SE' });
    expect(state('forró to').place).toBeNull();
  });

  test('a place after "perto de" is left to the distance filter; words without a place stay', () => {
    expect(city('samba perto de Recife')).toEqual({ rest: 'samba perto de recife', place: null });
    expect(city('zumbalanga quântica')).toEqual({ rest: 'zumbalanga quantica', place: null });
    expect(city('stand-up em Recife')).toEqual({ rest: 'stand-up', place: { kind: 'city', city: 'Recife' } });
  });
});

describe('leftInTypedSpelling: the words left, as typed, without filler at either end', () => {
  test('keeps accents and what says the kind of event', () => {
    expect(leftInTypedSpelling('Quero um show de samba em Recife neste fim de semana', 'quero um show de samba')).toBe('show de samba');
    expect(leftInTypedSpelling('forró em Recife', 'forro')).toBe('forró');
    expect(leftInTypedSpelling('eventos grátis', 'eventos')).toBe('');
  });
});

describe('readPlaceWords: the folded names of a list of cities, read again', () => {
  test('a list that changes, or goes back to an earlier one, is read as it is now', () => {
    expect(readPlaceWords('samba em natal', ['Natal'], 'city').place).toEqual({ kind: 'city', city: 'Natal' });
    expect(readPlaceWords('samba em natal', ['Recife'], 'city').place).toBeNull();
    // The same names in another order: the first spelling of a folded name is the one kept.
    expect(readPlaceWords('samba em sao paulo', ['Sao Paulo', 'São Paulo'], 'city').place).toEqual({ kind: 'city', city: 'Sao Paulo' });
    expect(readPlaceWords('samba em sao paulo', ['São Paulo', 'Sao Paulo'], 'city').place).toEqual({ kind: 'city', city: 'São Paulo' });
    // More lists than are kept, then the first again.
    for (const c of ['Olinda', 'Caruaru', 'Petrolina', 'Garanhuns', 'Arcoverde']) expect(readPlaceWords(`forro em ${c.toLowerCase()}`, [c], 'city').place).toEqual({ kind: 'city', city: c });
    expect(readPlaceWords('samba em natal', ['Natal'], 'city').place).toEqual({ kind: 'city', city: 'Natal' });
    // A list changed in place after it was read is read again.
    const list = ['Natal'];
    expect(readPlaceWords('samba em natal', list, 'city').place).toEqual({ kind: 'city', city: 'Natal' });
    list[0] = 'Recife';
    expect(readPlaceWords('samba em natal', list, 'city').place).toBeNull();
  });
});
