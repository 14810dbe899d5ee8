import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { ROOT } from '../support/server';
import { SHORT_SNAPSHOT_MS } from './global-setup';
import { api } from './helpers';
import { targets } from './targets';

const run = promisify(execFile);
const pg = targets.find((t) => t.name === 'postgres');

// `npm run catalog:import` against the server's database: the new event shows within
// the snapshot window, without restarting anything.
describe.skipIf(!pg)('catalog import under a running server (PostgreSQL)', () => {
  test('an imported event becomes visible within the snapshot window; bad lines are reported by number', async () => {
    const target = pg!;
    const slug = `show-importado-${Date.now()}`;
    expect((await api(target, `/events/${slug}`)).status).toBe(404);
    const line = {
      brand: 'aurora',
      slug,
      name: 'Show Importado em Belém',
      starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString().replace(/\.\d+Z$/, 'Z'),
      timezone: 'America/Belem',
      venue: { key: 'teatro-da-paz-belem', name: 'Teatro da Paz', city: 'Belém', state: 'Pará', state_abbr: 'PA' },
      producer: { slug: 'importadora', name: 'Importadora Cultural' },
      sectors: [{ name: 'Plateia', lots: [{ name: 'Único', price_cents: 5000, fee_cents: 500 }] }],
    };
    const dir = mkdtempSync(join(tmpdir(), 'import-'));
    const file = join(dir, 'catalog.ndjson');
    writeFileSync(file, `${JSON.stringify(line)}\n{"brand":"aurora"}\nnot json\n`);
    const result = await run(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/catalog-import.ts', file], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: target.databaseUrl! },
    }).catch((err: { code: number; stdout: string; stderr: string }) => err);
    expect('code' in result ? result.code : 0).toBe(1);
    expect(result.stdout).toContain('Imported 1 events from 3 lines');
    expect(result.stdout).toMatch(/line 2: .*slug/);
    expect(result.stdout).toMatch(/line 3: not valid JSON/);

    // The snapshot window closes on the server's clock 1 s after it opened, before this wait began: a late timer waits longer, never too short.
    await new Promise((r) => setTimeout(r, SHORT_SNAPSHOT_MS + 200));
    const detail = await api(target, `/events/${slug}`);
    expect(detail.status).toBe(200);
    expect((detail.json() as { location: { city: string } }).location.city).toBe('Belém');
    const found = (await api(target, `/events?q=importado+belem`)).json() as { data: Array<{ slug: string }> };
    expect(found.data.map((e) => e.slug)).toContain(slug);
  });
});
