import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { expect } from 'vitest';
import { request, type Reply, type RequestOptions } from './client';

const BASE = '/api/public/v1';
const OPERATIONS: Array<[RegExp, string]> = [
  [/^\/events$/, '/events'],
  [/^\/events\/[^/]+$/, '/events/{slug}'],
  [/^\/agent\/identity$/, '/agent/identity'],
  [/^\/health$/, '/health'],
  [/^\/openapi\.json$/, '/openapi.json'],
];

type OpenApiDoc = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>> };

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * A client for the public API that checks every answer against the server's own
 * openapi.json: the documented status, media type and body schema. Problems are
 * checked against the Problem schema wherever they come from.
 */
export class ContractClient {
  private ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly checked = { responses: 0 };

  private constructor(
    readonly port: number,
    readonly doc: OpenApiDoc,
  ) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(doc as object, 'openapi');
  }

  static async connect(port: number, host?: string): Promise<ContractClient> {
    const res = await request(port, `${BASE}/openapi.json`, { host });
    if (res.status !== 200) throw new Error(`openapi.json answered ${res.status}`);
    return new ContractClient(port, res.json() as OpenApiDoc);
  }

  async call(path: string, options: RequestOptions = {}): Promise<Reply> {
    const reply = await request(this.port, path, options);
    this.check(path, options.method ?? 'GET', reply);
    return reply;
  }

  private validate(ref: string, body: unknown, what: string) {
    const validate = this.ajv.getSchema(`openapi#/${ref}`);
    if (!validate) throw new Error(`no schema at ${ref}`);
    if (!validate(body)) {
      throw new Error(`${what} does not match openapi.json: ${this.ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 500)}`);
    }
  }

  check(path: string, method: string, reply: Reply) {
    this.checked.responses++;
    const contentType = reply.header('content-type')?.split(';')[0]?.trim();
    const what = `${method} ${path} → ${reply.status}`;
    if (method === 'HEAD') {
      expect(reply.text, what).toBe('');
      return;
    }
    if (contentType === 'application/problem+json') {
      this.validate(pointer('components', 'schemas', 'Problem'), reply.json(), what);
      expect(reply.text).not.toMatch(/\bat .+\.(js|ts):\d+/); // no stack trace
    }
    const url = new URL(path, 'http://x');
    if (!url.pathname.startsWith(BASE)) return;
    const template = OPERATIONS.find(([re]) => re.test(url.pathname.slice(BASE.length)))?.[1];
    const op = template ? this.doc.paths[template]?.[method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()] : undefined;
    if (!template || !op) return; // undocumented path or method: only the problem check applies
    const response = op.responses[String(reply.status)];
    if (!response) {
      if (reply.status === 405 || reply.status === 421) return; // documented generically (Allow header, strict hosts)
      throw new Error(`${what}: status not documented in openapi.json`);
    }
    if (!response.content || method === 'HEAD' || reply.status === 304) return;
    expect(Object.keys(response.content), what).toContain(contentType);
    const method_ = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    this.validate(pointer('paths', template, method_, 'responses', String(reply.status), 'content', contentType!, 'schema'), reply.json(), what);
  }
}
