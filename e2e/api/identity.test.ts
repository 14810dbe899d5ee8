import { describe, expect, test } from 'vitest';
import { api } from './helpers';
import { targets } from './targets';

type Credential = { identity_type: string; credential_type: string; credential: string; usage: Record<string, unknown> };

describe.each(targets)('POST /agent/identity on $name', (target) => {
  test.each([
    ['no body', undefined, undefined],
    ['an empty JSON object', '{}', 'application/json'],
    ['type anonymous', '{"type":"anonymous"}', 'application/json'],
    ['type anonymous with charset', '{"type":"anonymous"}', 'application/json; charset=utf-8'],
    ['extra fields', '{"type":"anonymous","note":"x"}', 'application/json'],
  ])('%s gives 201 and a fresh credential', async (_, body, contentType) => {
    const res = await api(target, '/agent/identity', {
      method: 'POST',
      body,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(res.status).toBe(201);
    expect(res.header('cache-control')).toBe('no-store');
    const c = res.json() as Credential;
    expect(c.identity_type).toBe('anonymous');
    expect(c.credential_type).toBe('opaque_token');
    expect(c.credential).toMatch(/^ac1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(c.usage).toMatchObject({ header: 'X-Agent-Credential', brand: 'aurora', grants_access: false });
    expect(Date.parse(c.usage.expires_at as string)).toBeGreaterThan(Date.now());
  });

  test('credentials carry the brand of the host that issued them and are never repeated', async () => {
    const a = (await api(target, '/agent/identity', { method: 'POST', brand: 'mare' })).json() as Credential;
    const b = (await api(target, '/agent/identity', { method: 'POST', brand: 'mare' })).json() as Credential;
    expect(a.usage.brand).toBe('mare');
    expect(a.credential).not.toBe(b.credential);
  });

  test.each([
    ['another identity type', '{"type":"delegated_user"}', 'application/json', 'unsupported_identity_type'],
    ['a numeric type', '{"type":5}', 'application/json', 'unsupported_identity_type'],
    ['a null type', '{"type":null}', 'application/json', 'unsupported_identity_type'],
    ['malformed JSON', '{"type":', 'application/json', 'invalid_body'],
    ['a JSON array', '[]', 'application/json', 'invalid_body'],
    ['JSON null', 'null', 'application/json', 'invalid_body'],
    ['a JSON string', '"anonymous"', 'application/json', 'invalid_body'],
    ['a text body', 'type=anonymous', 'text/plain', 'invalid_body'],
    ['a form body', 'type=anonymous', 'application/x-www-form-urlencoded', 'invalid_body'],
    ['a body without content type', '{"type":"anonymous"}', '', 'invalid_body'],
  ])('%s gives a 400 problem', async (_, body, contentType, code) => {
    const res = await api(target, '/agent/identity', {
      method: 'POST',
      body,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    expect(res.status).toBe(400);
    expect(res.header('content-type')).toBe('application/problem+json');
    expect((res.json() as { code: string }).code).toBe(code);
  });

  test('a body over 16 KiB gives a 413 problem, and the connection closes', async () => {
    const res = await api(target, '/agent/identity', {
      method: 'POST',
      body: `{"type":"anonymous","pad":"${'x'.repeat(20_000)}"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.header('content-type')).toBe('application/problem+json');
    expect(res.header('connection')).toBe('close');
    expect((res.json() as { code: string }).code).toBe('payload_too_large');
  });
});
