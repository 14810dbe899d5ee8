// A search of the organizers by part of a name (migration 020) is either a walk of the slug
// index until a page of names is found, or a read of the names' trigrams, as the planner
// estimates how many names hold the words. For a part of a name with no fixed start that
// estimate comes from the column's histogram: with the default statistics target, 101
// names of a sample of 30,000. A rare part of a name that one of those names happens to
// hold was estimated at 1% of the organizers, and the search walked the slug index
// through every organizer of the brand; which plan a search got changed from one ANALYZE
// to the next. A histogram of 1,001 names drawn from up to 300,000 (every organizer of a
// catalog of 1,000,000 events) puts the estimate of a rare part at its floor, and the same
// plan comes out of every ANALYZE.
export default `
ALTER TABLE producers ALTER COLUMN name_key SET STATISTICS 1000;
ANALYZE producers;
`;
