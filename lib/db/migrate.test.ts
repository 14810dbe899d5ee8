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
    expect(parts).toEqual([
      '-- a comment;\nCREATE TABLE a (x int); -- trailing comment',
      'CREATE FUNCTION f(t text) RETURNS text\n  LANGUAGE sql IMMUTABLE\n  AS $fn$\n    SELECT lower(t);\n  $fn$;',
      'INSERT INTO a VALUES (1);',
      "SELECT 'no semicolon at the end'",
    ]);
  });

  // PostgreSQL tags are empty or identifiers; pg_dump writes $_$ and many people write $BODY$.
  test.each(['$$', '$body$', '$BODY$', '$_$', '$fn_1$'])('a body quoted with %s stays whole', (tag) => {
    const sql = `CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS ${tag}\nBEGIN\n  PERFORM 1;\n  RETURN 2;\nEND;\n${tag};\nSELECT 3;`;
    expect(splitStatements(sql)).toEqual([`CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS ${tag}\nBEGIN\n  PERFORM 1;\n  RETURN 2;\nEND;\n${tag};`, 'SELECT 3;']);
  });

  test('a tag opened and closed on one line does not swallow what follows', () => {
    expect(splitStatements('CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;\nSELECT 2;')).toEqual([
      'CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;',
      'SELECT 2;',
    ]);
  });

  test('positional parameters ($1, $2) are not dollar quotes', () => {
    expect(splitStatements('SELECT $1::int, $2;\nSELECT $3;')).toEqual(['SELECT $1::int, $2;', 'SELECT $3;']);
  });

  test('semicolons and tags inside comments neither split nor open a body', () => {
    expect(splitStatements('SELECT 1 -- not the end;\n  + 1;\n-- $fn$ in a comment\nSELECT 2;')).toEqual([
      'SELECT 1 -- not the end;\n  + 1;',
      '-- $fn$ in a comment\nSELECT 2;',
    ]);
  });

  test('comment-only and blank chunks are dropped; a trailing statement without semicolon is kept', () => {
    expect(splitStatements('\n\n-- only a comment\n  \n')).toEqual([]);
    expect(splitStatements('SELECT 1;\n-- trailing comment\n')).toEqual(['SELECT 1;']);
    expect(splitStatements('SELECT 1;\nSELECT 2')).toEqual(['SELECT 1;', 'SELECT 2']);
    expect(splitStatements('')).toEqual([]);
  });

  test('every shipped migration splits into statements with no empty one', () => {
    for (const m of migrations) {
      const parts = splitStatements(m.sql);
      expect(parts.length, m.id).toBeGreaterThan(0);
      for (const p of parts) expect(p.replace(/--.*$/gm, '').trim()).not.toBe('');
    }
    // The function catalog_fold is one statement, with its body.
    const fold = splitStatements(migrations[0]!.sql).find((p) => p.includes('FUNCTION catalog_fold'));
    expect(fold).toMatch(/\$fn\$ SELECT lower\(.*\) \$fn\$;$/s);
  });

  test('migration ids are unique and ordered', () => {
    const ids = migrations.map((m) => m.id);
    expect(ids).toEqual([...new Set(ids)].sort());
  });
});

describe('migrations', () => {
  test('run in the order of their numbered ids, gaps allowed', () => {
    const ids = migrations.map((m) => m.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toContain('005-accounts');
    expect(new Set(ids).size).toBe(ids.length);
  });
});
