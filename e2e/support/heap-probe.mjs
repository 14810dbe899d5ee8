// Loaded into a test server only (`node --expose-gc --import ./e2e/support/heap-probe.mjs
// server.mjs`, spawned with an IPC channel): on {type:'heap'} it runs full collections and
// answers with what is still retained. With HEAP_PROBE_LEAK=1 it also keeps every response
// the server makes, the deliberate leak that shows the memory test can fail.
import { Server } from 'node:http';

if (process.env.HEAP_PROBE_LEAK === '1') {
  const kept = [];
  globalThis[Symbol.for('heap-probe.kept')] = kept;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (event, req, res) {
    if (event === 'request') kept.push(res);
    return emit.apply(this, arguments);
  };
}

process.on('message', async (message) => {
  if (message?.type !== 'heap') return;
  // Finalizers and weak references settle over a few rounds: what a collection finds dead
  // behind a WeakRef or a FinalizationRegistry (AbortSignal.any keeps its sources that
  // way) is released by a cleanup task that runs after it, so the next collection frees it.
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { heapUsed, heapTotal, rss, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ type: 'heap', heapUsed, heapTotal, rss, external, arrayBuffers });
});
// The IPC channel must not keep a server alive after SIGTERM.
process.channel?.unref();
