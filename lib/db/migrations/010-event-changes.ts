// An event's updated_at is the last time what its pages show changed (the sitemap's
// lastmod), not the last import that named it: the import keeps a digest of the public
// content of each event's line and moves updated_at only when the digest changes. Rows
// from before this migration have none; the first import that names them records it and
// keeps their updated_at (see lib/catalog/import.ts).
export default `
ALTER TABLE events ADD COLUMN content_digest text;
`;
