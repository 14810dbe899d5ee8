// What an event offers for access, from its import record: features of a closed list
// (lib/catalog/categories.ts, stable English codes: "wheelchair", "libras",
// "audio_description", "accessible_toilets", "reserved_seats"), and a note in plain text.
export default `
ALTER TABLE events ADD COLUMN accessibility text[] NOT NULL DEFAULT '{}';
ALTER TABLE events ADD COLUMN accessibility_notes text;
`;
