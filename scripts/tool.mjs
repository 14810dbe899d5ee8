// node scripts/tool.mjs <name> [args…]: runs scripts/<name>.ts from a bundle of it and
// the modules it imports (packages stay external), built with esbuild into
// node_modules/.cache/catalog-tools when missing or older than one of its sources. A
// small import's cost is mostly the command's start: plain Node on one file starts in a
// fraction of the time a TypeScript loader takes to resolve and load each module.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const name = process.argv[2];
if (!name || !/^[a-z-]+$/.test(name) || !existsSync(`scripts/${name}.ts`)) {
  console.error('usage: node scripts/tool.mjs <name of a script in scripts/> [args…]');
  process.exit(2);
}
const out = resolve(`node_modules/.cache/catalog-tools/${name}.mjs`);
const inputs = `${out}.inputs.json`;

function fresh() {
  try {
    const built = statSync(out).mtimeMs;
    return JSON.parse(readFileSync(inputs, 'utf8')).every((file) => statSync(file).mtimeMs <= built);
  } catch {
    return false;
  }
}

if (!fresh()) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [`scripts/${name}.ts`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    outfile: out,
    metafile: true,
    logLevel: 'warning',
  });
  writeFileSync(inputs, JSON.stringify(Object.keys(result.metafile.inputs)));
}
// The tool reads its own arguments from process.argv[2] on.
process.argv.splice(2, 1);
await import(pathToFileURL(out).href);
