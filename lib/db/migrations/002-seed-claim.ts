// Two servers that start together on one empty PostgreSQL catalog must not both load
// the demo: the first to set seeded_at loads it.
export default `
ALTER TABLE catalog_state ADD COLUMN seeded_at timestamptz;
`;
