import { request as httpRequest } from 'node:http';

export type Reply = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  header: (name: string) => string | undefined;
  json: () => unknown;
};

export type RequestOptions = {
  method?: string;
  /** The Host header: it picks the brand. Defaults to the default brand's host. */
  host?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** The address to connect to: 127.0.0.1 unless the server listens elsewhere. */
  address?: string;
};

/** One HTTP request to a local server with an explicit Host header (Node does not resolve *.localhost). */
export function request(port: number, path: string, options: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: options.address ?? '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { host: options.host ?? `aurora.localhost:${port}`, ...options.headers },
        // A hung request's bound: answers take milliseconds to a few seconds, and the slowest seen, a first render at load average 18, took 6 s.
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text,
            header: (name) => {
              const v = res.headers[name.toLowerCase()];
              return Array.isArray(v) ? v.join(', ') : v;
            },
            json: () => JSON.parse(text),
          });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${options.timeoutMs ?? 30_000} ms: ${path}`)));
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
