import { describe, expect, test } from 'vitest';
import { demoRegistry } from '../brand/registry';
import { agentCard } from './agent-card';
import { handleA2a } from './handler';
import { LEGACY_METHODS, requestedVersion } from './version';

const brand = demoRegistry(3000).brands[0]!;

const post = (body: unknown, headers: Record<string, string> = {}, query = '') =>
  new Request(`http://aurora.localhost:3000/a2a${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

type RpcError = { jsonrpc: string; id: unknown; error: { code: number; message: string; data?: Array<Record<string, unknown>> } };

const send = (text: string) => ({ message: { messageId: 'm1', role: 'ROLE_USER', parts: [{ text }] } });

describe('A2A version negotiation (A2A 1.0 §3.6)', () => {
  test('the version asked: header, else request parameter, else 0.3; a patch number is ignored', () => {
    expect(requestedVersion(post({}, { 'a2a-version': '1.0' }))).toBe('1.0');
    expect(requestedVersion(post({}, { 'A2A-Version': ' 1.0.3 ' }))).toBe('1.0');
    expect(requestedVersion(post({}, {}, '?A2A-Version=1.0'))).toBe('1.0');
    expect(requestedVersion(post({}, { 'a2a-version': '0.5' }, '?A2A-Version=1.0'))).toBe('0.5');
    expect(requestedVersion(post({}))).toBe('0.3');
    expect(requestedVersion(post({}, { 'a2a-version': '' }))).toBe('0.3');
  });

  test('the agent card declares the versions the endpoint accepts', () => {
    expect(agentCard(brand).supportedInterfaces.map((i) => i.protocolVersion)).toEqual(['1.0']);
  });

  test.each([
    ['an unknown version', { 'a2a-version': '0.5' }, 'SendMessage', '0.5'],
    ['0.3 by header', { 'a2a-version': '0.3' }, 'SendMessage', '0.3'],
    ['no header (0.3 by §3.6.2)', {}, 'SendMessage', '0.3'],
    ['a version that is not Major.Minor', { 'a2a-version': 'latest' }, 'SendMessage', 'latest'],
    ['a 0.3 method under 1.0', { 'a2a-version': '1.0' }, 'message/send', '0.3'],
    ['a 0.3 method with no header', {}, 'tasks/get', '0.3'],
  ])('%s: VersionNotSupportedError (-32009) with a google.rpc.ErrorInfo, not "method not found"', async (_name, headers, method, asked) => {
    const reply = await handleA2a(brand, post({ jsonrpc: '2.0', id: 7, method, params: send('forró') }, headers));
    expect(reply.status).toBe(200);
    const body = reply.body as RpcError;
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32009 } });
    expect(body.error.message).toContain('A2A 1.0');
    expect(body.error.data).toEqual([
      expect.objectContaining({
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'VERSION_NOT_SUPPORTED',
        domain: 'a2a-protocol.org',
        metadata: expect.objectContaining({ requestedVersion: asked, supportedVersions: '1.0' }),
      }),
    ]);
  });

  test('a 0.3 method name is told its 1.0 name', async () => {
    for (const [legacy, current] of Object.entries(LEGACY_METHODS)) {
      const body = (await handleA2a(brand, post({ jsonrpc: '2.0', id: 'x', method: legacy, params: {} }, { 'a2a-version': '1.0' }))).body as RpcError;
      expect(body.error.code, legacy).toBe(-32009);
      expect(body.error.data?.[0]?.metadata, legacy).toMatchObject({ method: legacy, replacement: current });
    }
  });

  test('under 1.0 an unknown method is still "method not found", and a parse error stays a parse error', async () => {
    const unknown = (await handleA2a(brand, post({ jsonrpc: '2.0', id: 1, method: 'NoSuchMethod', params: {} }, { 'a2a-version': '1.0' }))).body as RpcError;
    expect(unknown.error.code).toBe(-32601);
    const parse = await handleA2a(brand, new Request('http://aurora.localhost:3000/a2a', { method: 'POST', body: '{nope' }));
    expect((parse.body as RpcError).error.code).toBe(-32700);
  });

  test('a very long version is cut in the answer', async () => {
    const body = (await handleA2a(brand, post({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: {} }, { 'a2a-version': 'x'.repeat(500) }))).body as RpcError;
    expect(body.error.code).toBe(-32009);
    expect(body.error.message.length).toBeLessThan(300);
  });
});
