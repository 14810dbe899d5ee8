import { describe, expect, test } from 'vitest';
import { api } from './helpers';
import { targets } from './targets';

describe.each(targets)('GET /health on $name', (target) => {
  test('200 with status, version and the database state', async () => {
    const res = await api(target, '/health');
    expect(res.status).toBe(200);
    expect(res.header('cache-control')).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'ok',
      version: '1.0.0',
      database: { status: 'up', kind: target.name, access: 'read-write', catalog_version: expect.any(Number) },
    });
  });
});
