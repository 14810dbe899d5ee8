import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * One full garbage collection, once the embedded catalog is open and seeded. PGlite runs
 * initdb in a WebAssembly instance of its own and drops it; its memory (well over 200 MiB
 * touched) is returned only when V8 collects that instance, which an idle server may not
 * do for a long time: RSS after start measured 270 to 610 MiB depending on that alone.
 */
export function collectStartupGarbage(): void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed();
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
