import { createServer, connect, type Server, type Socket } from 'node:net';

export type SwitchMode = 'forward' | 'refuse' | 'blackhole';

/**
 * A loopback TCP relay in front of a real server that a test can cut: `refuse` closes
 * every connection at once (a stopped server), `blackhole` accepts and never answers
 * (a hung server). Switching drops the open connections, as a restart would.
 */
export async function tcpSwitch(targetPort: number, targetHost = '127.0.0.1') {
  let mode: SwitchMode = 'forward';
  let bytesUp = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'refuse') return client.destroy();
    if (mode === 'blackhole') return;
    const upstream = connect(targetPort, targetHost);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('data', (chunk: Buffer) => (bytesUp += chunk.length));
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    /** Bytes sent to the server so far: any query shows here. */
    bytesUp: () => bytesUp,
    set(next: SwitchMode) {
      mode = next;
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    close: () => new Promise<void>((r) => {
      for (const s of sockets) s.destroy();
      server.close(() => r());
    }),
  };
}
