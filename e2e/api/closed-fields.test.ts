import { describe, expect, test } from 'vitest';
import { withClient } from '../support/postgres';
import { SHORT_SNAPSHOT_MS } from './global-setup';
import { api, list } from './helpers';
import { targets } from './targets';

const pg = targets.find((t) => t.name === 'postgres');
const EVENT_KEYS = ['description', 'ends_at', 'id', 'images', 'is_closed', 'is_online', 'location', 'name', 'producer', 'slug', 'starts_at', 'status', 'timezone', 'url'];

// The backend grows a column and fills internal fields; the public API must not notice.
describe.skipIf(!pg)('closed field list against a changed backend (PostgreSQL)', () => {
  test('new internal columns and internal values never appear in any response', async () => {
    const target = pg!;
    await withClient(target.databaseUrl!, async (c) => {
      await c.query(`ALTER TABLE events ADD COLUMN IF NOT EXISTS resale_margin text DEFAULT 'LEAK-MARGIN'`);
      await c.query(`ALTER TABLE venues ADD COLUMN IF NOT EXISTS door_code text DEFAULT 'LEAK-DOOR'`);
      await c.query(`UPDATE producers SET contact_email = 'leak-probe@internal.example', internal_notes = 'LEAK-NOTES', commission_rate = 0.4242`);
      await c.query(`UPDATE events SET internal_notes = 'LEAK-EVENT-NOTES'`);
    });
    // The snapshot window closes on the server's clock 1 s after it opened, before this wait began: a late timer waits longer, never too short.
    await new Promise((r) => setTimeout(r, SHORT_SNAPSHOT_MS + 200)); // let earlier snapshots expire
    const listed = await list(target, 'per_page=50');
    const detail = await api(target, `/events/${listed.data[0]!.slug}`);
    const search = await api(target, '/events?q=festival&per_page=50');
    for (const text of [JSON.stringify(listed), detail.text, search.text]) {
      expect(text).not.toMatch(/LEAK|leak-probe|0\.4242|resale_margin|door_code|internal_notes|contact_email|commission/);
    }
    for (const e of listed.data) expect(Object.keys(e).sort()).toEqual(EVENT_KEYS);
    expect(Object.keys(detail.json() as object).sort()).toEqual(EVENT_KEYS);
  });
});
