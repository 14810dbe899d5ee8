import { z } from 'zod';
import { copyArgs, defineFilter, text } from './declaration';

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
    posting: { rank: 6, walk: false, key: (v, add) => (v.state ? add(` s:${stateKey(v.state)}`) : null) },
  },
  site: {
    fields: ['state'],
    order: 3,
    chip: (form) => {
      const value = form.get('state')?.trim() ?? '';
      return /^[a-z]{2}$/i.test(value) ? `Estado: ${value.toUpperCase()}` : null;
    },
    drop: () => 'Em todos os estados',
  },
  mcp: {
    input: () => ({ state: z.string().max(2).optional().describe('State abbreviation, two letters') }),
    toParams: (args, params) => copyArgs(args, params, ['state']),
  },
});
