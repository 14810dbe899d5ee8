import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
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

type HeaderDoc = { required?: boolean; schema?: Record<string, unknown> };
type OpenApiDoc = {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown>; headers?: Record<string, { $ref: string } | HeaderDoc> }> }>>;
  components: { headers?: Record<string, HeaderDoc> };
};

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/**
 * A client for the public API that checks every answer against the server's own
 * openapi.json: the documented status, media type and body schema. Problems are
 * checked against the Problem schema wherever they come from.
 */
export class ContractClient {
  private ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly checked = { responses: 0, headers: 0 };
  private headerValidators = new Map<string, ValidateFunction>();

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

  /** Every required header of the documented response is there, and every documented header fits its schema. */
  private checkHeaders(documented: Record<string, { $ref: string } | HeaderDoc>, reply: Reply, what: string) {
    for (const [name, entry] of Object.entries(documented)) {
      const doc: HeaderDoc | undefined = '$ref' in entry ? this.doc.components.headers?.[entry.$ref.split('/').pop()!] : entry;
      if (!doc) throw new Error(`${what}: header ${name} refers to nothing`);
      const value = reply.header(name);
      if (value === undefined) {
        if (doc.required) throw new Error(`${what}: required header ${name} missing`);
        continue;
      }
      if (!doc.schema) continue;
      const typed = doc.schema.type === 'integer' ? Number(value) : value;
      const key = JSON.stringify(doc.schema);
      let validate = this.headerValidators.get(key);
      if (!validate) this.headerValidators.set(key, (validate = this.ajv.compile(doc.schema)));
      if (!validate(typed)) throw new Error(`${what}: header ${name}: ${JSON.stringify(value)} does not match openapi.json: ${this.ajv.errorsText(validate.errors)}`);
      this.checked.headers++;
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
    if (!response) throw new Error(`${what}: status not documented in openapi.json`);
    this.checkHeaders(response.headers ?? {}, reply, what);
    if (!response.content || method === 'HEAD' || reply.status === 304) return;
    expect(Object.keys(response.content), what).toContain(contentType);
    const method_ = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    this.validate(pointer('paths', template, method_, 'responses', String(reply.status), 'content', contentType!, 'schema'), reply.json(), what);
  }
}
