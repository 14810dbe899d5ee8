import type { Db } from '../../db/types';
import { contentDigest } from './digest';
import { readBatches, type Seen } from './read';
import type { ImportOptions, ImportPlan, ImportReport, Numbered, NumberedWithdrawal } from './report';
import { missingSlugs, type EventKey } from './withdrawals';

// Planning an import: which events a whole catalog withdraws (those of its brands it
// lacks, within a bound), and, for a dry run, what every line would change.

/** Default share of a brand's events that a whole catalog may withdraw. */
export const MAX_WITHDRAW_SHARE = 0.1;

/** The events a whole catalog lacks, per brand it names, within the bound; brands beyond it are refused. */
export async function wholeCatalogWithdrawals(
  db: Db,
  seen: Seen,
  maxShare: number,
): Promise<{ withdrawn: EventKey[]; refused: { brand: string; reason: string }[] }> {
  const withdrawn: EventKey[] = [];
  const refused: { brand: string; reason: string }[] = [];
  for (const [brand, slugs] of seen.slugs) {
    const { missing, total } = await missingSlugs(db, brand, slugs);
    if (missing.length === 0) continue;
    if (seen.unknown > 0) {
      refused.push({ brand, reason: `${seen.unknown} rejected lines name no event: the file may not be the whole catalog, ${missing.length} events kept` });
    } else if (missing.length > maxShare * total) {
      refused.push({
        brand,
        reason: `would withdraw ${missing.length} of ${total} events (more than ${Math.round(maxShare * 100)}%); raise the bound to allow it`,
      });
    } else {
      for (const slug of missing) withdrawn.push({ brand, slug });
    }
  }
  return { withdrawn, refused };
}

/** A dry run: reads the lines and the catalog, counts what would change, writes nothing. */
export async function planImport(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
  brands: ReadonlySet<string>,
  report: ImportReport,
  options: ImportOptions,
): Promise<ImportReport> {
  const plan: ImportPlan = { added: 0, changed: 0, unchanged: 0, withdrawn: [], blocked: [] };
  const seen: Seen | undefined = options.whole ? { slugs: new Map(), unknown: 0 } : undefined;
  await readBatches(lines, brands, report, seen, async (batch) => {
    const keys = 'record' in batch[0]! ? (batch as Numbered[]).map((n) => n.record) : (batch as NumberedWithdrawal[]).map((n) => n.withdrawal);
    const rows = await db.query<{ brand_id: string; slug: string; present: boolean; digest: string | null; tomb: boolean; same: boolean }>(
      `SELECT x.brand_id, x.slug, e.id IS NOT NULL AS present, e.content_digest AS digest, w.slug IS NOT NULL AS tomb,
         coalesce(w.name = x.name AND w.starts_at IS NOT DISTINCT FROM x.starts_at, false) AS same
       FROM jsonb_to_recordset($1::jsonb) AS x(brand_id text, slug text, name text, starts_at timestamptz)
       LEFT JOIN events e ON e.brand_id = x.brand_id AND e.slug = x.slug
       LEFT JOIN event_withdrawals w ON w.brand_id = x.brand_id AND w.slug = x.slug
       WHERE e.id IS NOT NULL OR w.slug IS NOT NULL`,
      [JSON.stringify(keys.map((k) => ({ brand_id: k.brand, slug: k.slug, name: 'name' in k ? k.name : null, starts_at: 'starts_at' in k ? (k.starts_at?.toISOString() ?? null) : null })))],
    );
    const found = new Map(rows.map((r) => [`${r.brand_id}/${r.slug}`, r]));
    if ('withdrawal' in batch[0]!) {
      for (const k of keys) if (found.get(`${k.brand}/${k.slug}`)?.present) plan.withdrawn.push({ brand: k.brand, slug: k.slug });
      return;
    }
    for (const { record } of batch as Numbered[]) {
      const row = found.get(`${record.brand}/${record.slug}`);
      if (row?.tomb && !row.same && !options.reinstate) plan.blocked.push({ brand: record.brand, slug: record.slug });
      else if (!row?.present) plan.added++;
      else if (row.digest === contentDigest(record)) plan.unchanged++;
      else plan.changed++;
    }
  });
  if (seen) {
    const { withdrawn, refused } = await wholeCatalogWithdrawals(db, seen, options.maxWithdrawShare ?? MAX_WITHDRAW_SHARE);
    plan.withdrawn.push(...withdrawn);
    if (refused.length > 0) report.refused = refused;
  }
  report.plan = plan;
  return report;
}
