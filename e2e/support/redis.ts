import { createConnection } from 'node:net';

/** The Redis server that the tests of shared state (rate limits, accounts across instances) use. */
export const REDIS = { host: '127.0.0.1', port: 6379 };

/** Whether a server listens at REDIS: a TCP connection, closed at once. */
export function redisReachable(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(REDIS, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    // The kernel completes a loopback connection to a listening port itself, whatever the load; an absent server refuses at once.
    socket.setTimeout(1000, () => {
      socket.destroy();
      resolve(false);
    });
  });
}
