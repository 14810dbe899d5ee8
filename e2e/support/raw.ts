import { connect } from 'node:net';

export type RawReply = { status: number; headers: Record<string, string>; body: string; raw: string };

/**
 * Sends bytes as they are on a fresh connection (request lines and headers no HTTP
 * client would produce) and reads the first response until the server closes or the
 * time is up. Chunked bodies are decoded.
 */
export function rawRequest(port: number, data: string | Buffer, timeoutMs = 10_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString('latin1');
      const reply = parse(raw);
      if (!reply) reject(new Error(`no HTTP response to ${JSON.stringify(String(data).slice(0, 120))}: ${JSON.stringify(raw.slice(0, 200))}`));
      else resolve(reply);
    };
    // A complete reply ends the wait at once; the timeout only ends one that never completes (then what came is parsed), so a slow machine makes it wait, never fail.
    const timer = setTimeout(finish, timeoutMs);
    socket.on('connect', () => socket.write(data));
    socket.on('data', (c) => {
      chunks.push(c);
      // One complete response is enough: stop as soon as it is whole.
      const reply = parse(Buffer.concat(chunks).toString('latin1'));
      if (reply && complete(reply)) finish();
    });
    socket.on('end', finish);
    socket.on('error', (err) => (chunks.length ? finish() : (clearTimeout(timer), reject(err))));
  });
}

type Parsed = RawReply & { declared: number | null; chunked: boolean; done: boolean };

function parse(raw: string): Parsed | null {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return null;
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
  if (!Number.isInteger(status)) return null;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  let rest = raw.slice(end + 4);
  const chunked = /chunked/i.test(headers['transfer-encoding'] ?? '');
  let done = status === 204 || status === 304 || (status >= 100 && status < 200);
  if (chunked) {
    let body = '';
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) break;
      const size = parseInt(rest.slice(0, lineEnd), 16);
      if (!Number.isFinite(size)) break;
      if (size === 0) {
        done = true;
        break;
      }
      if (rest.length < lineEnd + 2 + size + 2) break;
      body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
      rest = rest.slice(lineEnd + 2 + size + 2);
    }
    rest = body;
  }
  const declared = headers['content-length'] !== undefined ? Number(headers['content-length']) : null;
  if (declared !== null && rest.length >= declared) {
    rest = rest.slice(0, declared);
    done = true;
  }
  return { status, headers, body: Buffer.from(rest, 'latin1').toString('utf8'), raw, declared, chunked, done };
}

function complete(reply: Parsed): boolean {
  return reply.done;
}
