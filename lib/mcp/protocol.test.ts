import { describe, expect, test } from 'vitest';
import { issuesInMessage, isServedVersion, PROTOCOL_VERSIONS, requestProtocolVersion, shortIssues, unsupportedVersion } from './protocol';

const post = (headers: Record<string, string> = {}) => new Request('http://x.test/mcp', { method: 'POST', headers });
const withMeta = (version: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': version } } });

describe('MCP protocol revisions', () => {
  test('the revision of a request: its _meta first, then MCP-Protocol-Version, then 2025-03-26', () => {
    expect(requestProtocolVersion(post({ 'mcp-protocol-version': '2025-06-18' }), withMeta('2026-07-28'))).toBe('2026-07-28');
    expect(requestProtocolVersion(post({ 'mcp-protocol-version': '2025-06-18' }), { jsonrpc: '2.0', id: 1, method: 'ping' })).toBe('2025-06-18');
    expect(requestProtocolVersion(post(), { jsonrpc: '2.0', id: 1, method: 'ping' })).toBe('2025-03-26');
    expect(requestProtocolVersion(post(), [withMeta('2026-07-28')])).toBe('2025-03-26');
    expect(requestProtocolVersion(post(), withMeta(7))).toBe('7');
    const initialize = (protocolVersion: unknown) => ({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion } });
    expect(requestProtocolVersion(post(), initialize('2025-06-18'))).toBe('2025-06-18');
    expect(requestProtocolVersion(post(), initialize('2024-11-05'))).toBe('2025-11-25');
    expect(requestProtocolVersion(post(), initialize('2026-07-28'))).toBe('2025-11-25');
    expect(requestProtocolVersion(post({ 'mcp-protocol-version': '2025-06-18' }), initialize(7))).toBe('2025-06-18');
  });

  test('served: the four Streamable HTTP revisions, newest first; nothing else', () => {
    expect(PROTOCOL_VERSIONS).toEqual(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26']);
    for (const v of PROTOCOL_VERSIONS) expect(isServedVersion(v)).toBe(true);
    for (const v of ['2024-11-05', '2099-01-01', '', '2026-07-28 ']) expect(isServedVersion(v)).toBe(false);
  });

  test('an unsupported revision: 400, -32022, the served list and the one asked for, the request id echoed', async () => {
    const res = unsupportedVersion('2099-01-01', { jsonrpc: '2.0', id: 'a', method: 'tools/list' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      error: { code: -32022, message: 'Unsupported protocol version', data: { supported: [...PROTOCOL_VERSIONS], requested: '2099-01-01' } },
    });
    expect(((await unsupportedVersion('x'.repeat(500), null).json()) as { id: unknown; error: { data: { requested: string } } }).error.data.requested).toHaveLength(40);
  });

  test("the validator's report inside an SDK message becomes one short line", () => {
    const report = JSON.stringify([{ code: 'invalid_type', path: ['params', 'name'], message: 'Invalid input: expected string, received number' }], null, 2);
    const issues = issuesInMessage(`Invalid tools/call request: ${report}`);
    expect(shortIssues(issues!)).toBe('params.name: Invalid input: expected string, received number');
    expect(issuesInMessage('Unknown tool: [x]')).toBeNull();
    expect(issuesInMessage('no list here')).toBeNull();
    expect(issuesInMessage('[1, 2]')).toBeNull();
  });
});
