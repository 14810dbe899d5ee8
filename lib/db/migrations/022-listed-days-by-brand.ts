// The filters' summary (migration 011) is read a brand at a time, from tomorrow on
// (lib/catalog/filters/options.ts): its primary key leads with the facet, so that read
// scanned the whole table, every brand's days, past ones included (32,000 rows and 11-14
// ms at 1,000,000 events). This index gives the brand's coming days and their counts
// alone, read index only: 7,260 rows in about 1 ms.
export default `
CREATE INDEX listed_event_days_brand_day_idx ON listed_event_days (brand_id, day) INCLUDE (facet, value, state, events);
`;
