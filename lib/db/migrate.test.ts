import { describe, expect, test } from 'vitest';
import { migrations, splitStatements } from './migrate';

describe('splitStatements', () => {
  test('splits on line-ending semicolons and keeps dollar-quoted bodies whole', () => {
    const sql = `
-- a comment;
CREATE TABLE a (x int); -- trailing comment
CREATE FUNCTION f(t text) RETURNS text
  LANGUAGE sql IMMUTABLE
  AS $fn$
    SELECT lower(t);
  $fn$;
INSERT INTO a VALUES (1);
SELECT 'no semicolon at the end'`;
    const parts = splitStatements(sql);
    expect(parts).toHaveLength(4);
    expect(parts[1]).toContain('SELECT lower(t);');
    expect(parts[1]).toMatch(/\$fn\$;$/);
    expect(parts[3]).toBe("SELECT 'no semicolon at the end'");
  });

  test('every shipped migration splits into statements with no empty one', () => {
    for (const m of migrations) {
      const parts = splitStatements(m.sql);
      expect(parts.length, m.id).toBeGreaterThan(0);
      for (const p of parts) expect(p.replace(/--.*$/gm, '').trim()).not.toBe('');
    }
  });

  test('migration ids are unique and ordered', () => {
    const ids = migrations.map((m) => m.id);
    expect(ids).toEqual([...new Set(ids)].sort());
  });
});
