// Loaded into a test server only (`node --expose-gc --import ./e2e/support/heap-probe.mjs
// server.mjs`, spawned with an IPC channel): on {type:'heap'} it runs full collections and
// answers with what is still retained, and with the most the heap held right after any
// full collection V8 ran on its own since the previous answer (what was live at that
// moment, requests in flight included). With HEAP_PROBE_LEAK=1 it also keeps every
// response the server makes, the deliberate leak that shows the memory test can fail.
import { Server } from 'node:http';
import { PerformanceObserver, constants } from 'node:perf_hooks';

if (process.env.HEAP_PROBE_LEAK === '1') {
  const kept = [];
  globalThis[Symbol.for('heap-probe.kept')] = kept;
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (event, req, res) {
    if (event === 'request') kept.push(res);
    return emit.apply(this, arguments);
  };
}

// 0 until V8 runs a full collection of its own; the probe's forced ones are not counted.
let peakAfterMajor = 0;
let forcing = false;
new PerformanceObserver((list) => {
  if (forcing || !list.getEntries().some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) return;
  peakAfterMajor = Math.max(peakAfterMajor, process.memoryUsage().heapUsed);
}).observe({ entryTypes: ['gc'] });

process.on('message', async (message) => {
  if (message?.type !== 'heap') return;
  const peak = peakAfterMajor;
  forcing = true;
  // Finalizers and weak references settle over a few rounds: what a collection finds dead
  // behind a WeakRef or a FinalizationRegistry (AbortSignal.any keeps its sources that
  // way) is released by a cleanup task that runs after it, so the next collection frees it.
  for (let i = 0; i < 4; i++) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const { heapUsed, heapTotal, rss, external, arrayBuffers } = process.memoryUsage();
  // The observer's entries of the forced collections arrive after this turn.
  setTimeout(() => {
    forcing = false;
    peakAfterMajor = 0;
  }, 100);
  process.send?.({ type: 'heap', heapUsed, heapTotal, rss, external, arrayBuffers, peakAfterMajor: peak });
});
// The IPC channel must not keep a server alive after SIGTERM.
process.channel?.unref();
