// node bench/cpu-profile.mjs <file.cpuprofile> [top] [--last <seconds>]: where a CPU
// profile's time went, as self time by module (a file of lib/ or app/, a package of
// node_modules, Node's own code) and by function, with each one's share of the samples.
// Code of the build (.next) is traced back to its sources through the build's source maps.
// --last reads only the profile's last seconds: in a run of `npm run bench -- --misses`
// with one case after the floor, that case alone. Profiles come from
// `npm run bench -- --misses --cpu-prof <dir>` (or `node --cpu-prof server.mjs`).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const lastAt = args.indexOf('--last');
const LAST_S = lastAt >= 0 ? Number(args.splice(lastAt, 2)[1]) : undefined;
const [file, topArg] = args;
if (!file || (LAST_S !== undefined && !(LAST_S > 0))) {
  console.error('usage: node bench/cpu-profile.mjs <file.cpuprofile> [top] [--last <seconds>]');
  process.exit(2);
}
const TOP = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
// The time of each sample, to keep only the last seconds.
let at = profile.startTime;
const sampledAt = profile.timeDeltas.map((d) => (at += d));
const since = LAST_S === undefined ? -Infinity : profile.endTime - LAST_S * 1e6;

/** A short name for the module of a script URL. */
function moduleOf(url) {
  if (!url) return '(native or idle)';
  if (url.startsWith('node:')) return url;
  const path = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (pkg) return pkg[1] === 'next' ? `next/${pkg[2].split('/').slice(0, 4).join('/')}` : pkg[1];
  const built = /\.next\/(.*)$/.exec(path);
  if (built) return `.next/${built[1]}`;
  return path.replace(`${process.cwd()}/`, '');
}

const maps = new Map();
/** The source map of a built file, or null. */
function mapOf(url) {
  if (!maps.has(url)) {
    let map = null;
    try {
      const path = url.startsWith('file:') ? fileURLToPath(url) : url;
      if (path.includes('/.next/') && existsSync(`${path}.map`)) map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url);
}

/** Module and function of a call frame, through the source map when the frame is in the build. */
function origin(callFrame) {
  const built = { mod: moduleOf(callFrame.url), fn: callFrame.functionName || '(anonymous)', line: callFrame.lineNumber + 1 };
  const map = callFrame.url ? mapOf(callFrame.url) : null;
  if (!map) return built;
  const entry = map.findEntry(callFrame.lineNumber, callFrame.columnNumber);
  if (!entry?.originalSource) return built;
  const file = fileURLToPath(callFrame.url.startsWith('file:') ? callFrame.url : `file://${callFrame.url}`);
  const source = /^[a-z]+:/.test(entry.originalSource) ? entry.originalSource : resolve(dirname(file), entry.originalSource);
  return { mod: moduleOf(source), fn: entry.name || built.fn, line: entry.originalLine + 1 };
}

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  if (sampledAt[i] < since) return;
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});

const byModule = new Map();
const byFunction = new Map();
for (const [id, us] of self) {
  const { callFrame } = nodes.get(id);
  const o = origin(callFrame);
  const mod = o.mod;
  byModule.set(mod, (byModule.get(mod) ?? 0) + us);
  const fn = `${o.fn}  ${mod}${callFrame.url ? `:${o.line}` : ''}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}

const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [name, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(6)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  }
};
// Time spent in the application's own modules and everything they called (lib/, app/).
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const ownOf = new Map();
const inclusive = new Map();
for (const [id, us] of self) {
  const mods = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    if (!ownOf.has(at)) ownOf.set(at, origin(nodes.get(at).callFrame).mod);
    const mod = ownOf.get(at);
    if (/^(lib|app)\//.test(mod)) mods.add(mod);
  }
  for (const mod of mods) inclusive.set(mod, (inclusive.get(mod) ?? 0) + us);
}

console.log(`${file}: ${(total / 1e6).toFixed(1)} s of samples`);
print('self time by module', byModule);
print('self time by function', byFunction);
print("the application's modules, with what they call (inclusive)", inclusive);
