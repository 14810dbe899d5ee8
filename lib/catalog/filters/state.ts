import { z } from 'zod';
import { readPlaceWords } from '../search/place-words';
import { fold } from '../search/search-terms';
import { copyArgs, defineFilter, text } from './declaration';

/** A state said in the words ("frevo em Pernambuco", "jazz SP"): its abbreviation, and the words without it. */
const stateIn = (folded: string, cities: readonly string[]) => {
  const said = readPlaceWords(folded, cities, 'state');
  return said.place?.kind === 'state' ? { rest: said.rest, abbr: said.place.abbr } : null;
};

/** A state abbreviation as the catalog keys it, or '' (anything but two letters is no state: it matches nothing). */
const stateKey = (state: string) => (/^[a-z]{2}$/i.test(state) ? state.toLowerCase() : '');

// The state of the event's venue, by its two-letter abbreviation.
export const state = defineFilter<{ state?: string }>()({
  name: 'state',
  summary: 'State of the venue, two letters; anything else matches nothing.',
  api: true,
  doc: { state: z.string().optional().meta({ description: 'State abbreviation, two letters, case-insensitive. Any other value matches nothing.' }) },
  params: ['state'],
  read: (params) => ({ state: text(params.get('state')) }),
  key: (v) => v.state ?? '',
  active: (v) => Boolean(v.state),
  sql: {
    where: (v, add) => (v.state ? [`e.state_key = ${add(stateKey(v.state))}`] : []),
    // Anything but two letters is no state: a key no event has.
    posting: {
      rank: 6,
      walk: false,
      key: (v, add) => (v.state ? add(` s:${stateKey(v.state)}`) : null),
      carried: { column: 'state_key', value: (v) => (v.state ? stateKey(v.state) : null) },
    },
  },
  site: {
    fields: ['state'],
    order: 3,
    chip: (form) => {
      const value = form.get('state')?.trim() ?? '';
      return /^[a-z]{2}$/i.test(value) ? `Estado: ${value.toUpperCase()}` : null;
    },
    drop: () => 'Em todos os estados',
    words: (folded, form, next, { cities }) => {
      const chosen = form.get('state')?.trim();
      const said = stateIn(folded, cities);
      if (!said || (chosen && chosen.toUpperCase() !== said.abbr)) return null;
      if (!chosen) next.set('state', said.abbr);
      return said.rest;
    },
  },
  mcp: {
    input: () => ({ state: z.string().max(2).optional().describe('State abbreviation, two letters') }),
    toParams: (args, params) => copyArgs(args, params, ['state']),
    words: (params, { cities }) => {
      const q = params.get('q');
      if (!q || params.has('state')) return;
      const said = stateIn(fold(q), cities);
      if (!said) return;
      params.set('q', said.rest);
      params.set('state', said.abbr);
    },
  },
  natural: (folded, { cities }) => {
    const said = stateIn(
      folded,
      cities.map((c) => c.city),
    );
    return said ? { rest: said.rest, set: (params) => params.set('state', said.abbr), note: `no estado ${said.abbr}` } : null;
  },
});
