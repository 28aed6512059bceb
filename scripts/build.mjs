#!/usr/bin/env node
// `npm run build` (run by scripts/install.sh): the ahead-of-time JavaScript build of the `verdict`
// command in dist/cli, so that it starts without tsx compiling TypeScript at run time (~0.1 s of
// every start; docs/benchmarks.md). esbuild bundles the CLI and what it loads from the workspace
// (packages/*, plugins/*, the server's modules) into ES modules, one chunk per command and per
// plugin, loaded on demand; other dependencies stay in node_modules, imported by name, which
// dist/cli resolves from the repository's node_modules as the sources do. Also built: the judge
// process that `verdict serve` forks (judge-process.js).
//
// Modules find their files from their own URL (languages/, problems/, the sandbox's C helpers,
// runner.c, docs/openapi.json, web/dist, ...): in the bundle `import.meta.url` would be the
// chunk's, so each bundled module's `import.meta.url` is rewritten to its source file's URL,
// computed from the chunk's: every chunk is in the build's one flat folder, at a known place in
// the repository, so the relative path from any chunk to the source is fixed. The build therefore
// stays where it was built (which is also where node_modules is found). `import.meta.dirname` and
// `import.meta.filename` are refused (not rewritten): use `import.meta.url`.
//
// cli/bin/verdict.js uses the build only while its manifest (build.json, written last) matches
// every file it was built from (cli/bin/fresh-build.js); otherwise it runs the sources with tsx.
//
// Usage: node scripts/build.mjs [--outdir DIR]   (default dist/cli; DIR must be inside the
// repository, whose node_modules the build imports its dependencies from and whose sources'
// folders its modules find their files from)
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MANIFEST, MANIFEST_FORMAT, sha256 } from '../cli/bin/fresh-build.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_OUTDIR = path.join(ROOT, 'dist', 'cli');

/** The built files, by name (dist/cli/<name>.js), and their sources. */
const ENTRY_POINTS = {
  main: 'cli/src/main.ts',
  'judge-process': 'server/src/modules/judging/judge-process-main.ts',
};

/** Modules whose build version differs from the source: [source, contents in the build]. */
function replacedModules(plugins) {
  return new Map([
    [
      // Each workspace plugin by a literal name, so that esbuild bundles it (as its own chunk).
      path.join(ROOT, 'packages/judge/src/built-plugins.ts'),
      `export const BUILT_PLUGINS = Object.freeze({\n${plugins.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(name)}),\n`).join('')}});\n`,
    ],
    [
      // The built judge process, beside every chunk of the build (one flat folder).
      path.join(ROOT, 'server/src/modules/judging/judge-process-entry-point.ts'),
      `import { fileURLToPath } from 'node:url';\nexport const JUDGE_PROCESS_ENTRY = fileURLToPath(new URL('./judge-process.js', import.meta.url));\n`,
    ],
  ]);
}

/**
 * Dependencies bundled too, with everything they import: those every start or `verdict judge` loads
 * (plain JavaScript, no native code, no files found beside themselves). Loading them from
 * node_modules, each CommonJS file resolved, read and wrapped apart, cost ~40 ms of CPU at every
 * start of `verdict judge` (yauzl alone ~30 ms).
 */
const BUNDLED_DEPENDENCIES = ['commander', 'js-yaml', 'yauzl', 'cli-progress', 'cli-table3'];
const IMPORT_META_URL = /\bimport\.meta\.url\b/g;

/**
 * Whether an import by name resolves from the build's folder: only packages in the root's
 * node_modules do. One that npm kept inside a workspace's own node_modules (altcha-lib: not
 * hoisted) would fail at run time ("Cannot find package") and is bundled instead.
 */
function reachableFromBuild(specifier) {
  if (specifier.startsWith('node:')) return true;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
  return isBuiltin(name) || fs.existsSync(path.join(ROOT, 'node_modules', name));
}
const REFUSED = /\bimport\.meta\.(?:dirname|filename)\b/;

/** `source`'s `import.meta.url` as its file's URL, reached from the chunk it is bundled into (in `outdir`). */
function withSourceUrl(contents, file, outdir) {
  const relative = path.relative(outdir, file).split(path.sep).map(encodeURIComponent).join('/');
  return contents.replace(IMPORT_META_URL, `new URL(${JSON.stringify(relative)}, import.meta.url).href`);
}

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function workspaces() {
  return readJson(path.join(ROOT, 'package.json')).workspaces.map((dir) => ({ dir, name: readJson(path.join(ROOT, dir, 'package.json')).name }));
}

/**
 * Builds the CLI into `outdir` (replaced as a whole once the new build is complete).
 * @returns {Promise<{ outdir: string, inputs: number, bytes: number, ms: number }>}
 */
export async function buildCli({ outdir = DEFAULT_OUTDIR } = {}) {
  const started = performance.now();
  outdir = path.resolve(outdir);
  if (path.relative(ROOT, outdir).startsWith('..')) throw new Error(`the build must be inside the repository (${ROOT}), not ${outdir}`);
  const packages = workspaces();
  const replaced = replacedModules(packages.filter((p) => p.dir.startsWith('plugins/')).map((p) => p.name));
  const temp = `${outdir}.tmp-${process.pid}`;
  fs.rmSync(temp, { recursive: true, force: true });

  try {
    const result = await esbuild.build({
      absWorkingDir: ROOT,
      entryPoints: ENTRY_POINTS,
      outdir: temp,
    // One flat folder (withSourceUrl and the judge process's entry rely on it).
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      // Class and function names as in the sources (errors' names, logs), not renamed by the bundling.
      keepNames: true,
      // The bundled CommonJS dependencies require Node's own modules: `require` in an ES module.
      banner: { js: "import { createRequire as __verdictCreateRequire } from 'node:module';\nconst require = __verdictCreateRequire(import.meta.url);" },
      metafile: true,
      logLevel: 'warning',
      plugins: [
        {
          name: 'verdict',
          setup(build) {
            // Workspace packages are bundled; every other package stays an import by name.
            // Workspace packages and BUNDLED_DEPENDENCIES (with what they import) are bundled; every
            // other package stays an import by name.
            build.onResolve({ filter: /^[^./]/ }, (args) => {
              const bundled =
                args.path.startsWith('@verdict/') ||
                args.importer.split(path.sep).includes('node_modules') ||
                BUNDLED_DEPENDENCIES.some((name) => args.path === name || args.path.startsWith(`${name}/`)) ||
                !reachableFromBuild(args.path);
              return bundled ? undefined : { path: args.path, external: true };
            });
            const filter = new RegExp(`^(?:${[...replaced.keys()].map((f) => f.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
            build.onLoad({ filter }, (args) => ({ contents: replaced.get(args.path), loader: 'ts', resolveDir: path.dirname(args.path) }));
            build.onLoad({ filter: /\.(?:ts|js|mjs)$/ }, (args) => {
              const contents = fs.readFileSync(args.path, 'utf8');
              if (REFUSED.test(contents)) {
                return { errors: [{ text: 'import.meta.dirname and import.meta.filename are not rewritten for the build: use import.meta.url' }] };
              }
              return { contents: withSourceUrl(contents, args.path, outdir), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
            });
          },
        },
      ],
    });

    const outputs = Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'));
    // Every file the build was made from: the bundled sources, the package.json of their
    // packages (exports, the plugins' list), tsconfig, this script.
    const sources = Object.keys(result.metafile.inputs);
    const used = packages.filter((p) => sources.some((f) => f.startsWith(`${p.dir}/`))).map((p) => `${p.dir}/package.json`);
    const files = [...new Set([...sources, 'package.json', ...used, 'tsconfig.json', 'tsconfig.base.json', 'scripts/build.mjs', 'cli/bin/fresh-build.js'])].sort();
    const inputs = {};
    for (const rel of files) {
      const file = path.join(ROOT, rel);
      const stat = fs.statSync(file);
      inputs[rel] = { size: stat.size, mtimeMs: stat.mtimeMs, sha256: sha256(file) };
    }
    const manifest = { format: MANIFEST_FORMAT, entry: 'main.js', builtAt: new Date().toISOString(), node: process.version, inputs };
    fs.writeFileSync(path.join(temp, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);

    // The old build goes only once the new one is complete.
    const old = `${outdir}.old-${process.pid}`;
    if (fs.existsSync(outdir)) fs.renameSync(outdir, old);
    fs.renameSync(temp, outdir);
    fs.rmSync(old, { recursive: true, force: true });
    const bytes = outputs.reduce((sum, f) => sum + result.metafile.outputs[f].bytes, 0);
    return { outdir, inputs: files.length, bytes, ms: performance.now() - started };
  } catch (err) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw err;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outdir');
  try {
    const built = await buildCli({ outdir: at >= 0 ? args[at + 1] : undefined });
    console.log(
      `built the verdict command in ${path.relative(process.cwd(), built.outdir) || '.'}: ${built.inputs} files in, ${(built.bytes / 1024).toFixed(0)} KiB of JavaScript, ${(built.ms / 1000).toFixed(1)} s`,
    );
  } catch (err) {
    console.error(`build failed: ${err.message}`);
    process.exitCode = 1;
  }
}
