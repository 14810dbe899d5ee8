import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { allowedMethods, refuseMethod } from './methods';

const brand = demoRegistry(3000).brands[0]!;

describe('methods before routing', () => {
  test.each([
    ['/', 'GET, HEAD'],
    ['/eventos/x', 'GET, HEAD'],
    ['/robots.txt', 'GET, HEAD'],
    ['/.well-known/api-catalog', 'GET, HEAD'],
    ['/mcp', 'POST, OPTIONS'],
    ['/mcp/server-card', 'GET, HEAD, OPTIONS'],
    ['/.well-known/ai-catalog.json', 'GET, HEAD'],
    ['/a2a', 'POST, OPTIONS'],
    ['/api/public/v1/events', 'GET, HEAD, OPTIONS'],
    ['/api/public/v1/agent/identity', 'POST, OPTIONS'],
    ['/api/floor', 'GET, HEAD'],
    ['/entrar', 'GET, HEAD'],
    ['/entrar/enviar', 'POST'],
    ['/cadastro/enviar', 'POST'],
    ['/cadastro/confirmar/enviar', 'POST'],
    ['/entrar/esqueci/enviar', 'POST'],
    ['/entrar/redefinir/enviar', 'POST'],
    ['/entrar/esqueci', 'GET, HEAD'],
    ['/conta/sair', 'POST'],
    ['/conta/nome', 'POST'],
    ['/conta/senha', 'POST'],
    ['/conta/excluir', 'POST'],
    ['/conta/salvos', 'POST'],
    ['/conta/salvos/remover', 'POST'],
    ['/conta/excluida', 'GET, HEAD'],
  ])('%s allows %s', (path, allow) => {
    expect(allowedMethods(path)).toBe(allow);
  });

  test('pages: GET and HEAD pass, anything else is a 405 text with Allow', async () => {
    expect(refuseMethod(brand, '/', 'GET')).toBeNull();
    expect(refuseMethod(brand, '/', 'HEAD')).toBeNull();
    for (const m of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']) {
      const res = refuseMethod(brand, '/eventos/x', m)!;
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
      expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await res.text()).toBe(`Method ${m} is not allowed here. Allowed: GET, HEAD.\n`);
    }
  });

  test('API: the methods Next routes are left to the routes; the others are a 405 problem', async () => {
    expect(refuseMethod(brand, '/api/public/v1/events', 'DELETE')).toBeNull();
    const res = refuseMethod(brand, '/api/public/v1/agent/identity', 'TRACE')!;
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  test('tool endpoints: a 405 problem with Allow: POST, OPTIONS', () => {
    expect(refuseMethod(brand, '/mcp', 'POST')).toBeNull();
    expect(refuseMethod(brand, '/a2a', 'OPTIONS')).toBeNull();
    const res = refuseMethod(brand, '/a2a', 'TRACE')!;
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });
});
