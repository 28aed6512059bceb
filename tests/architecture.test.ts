// The shape of the code: no import circle anywhere in the project's sources, type-only imports
// included (ESLint's import-x/no-cycle does not follow `import type`), and no package reaching
// into another's files by a relative path (packages are used through their entry points).
// Workspace packages are resolved through their package.json `exports`, as Node resolves them.
// In the server, the domain modules leave HTTP to http/: only a module's route tables
// (`*-routes.ts`) import from http/ or Koa. Inside the server (issue 32): a module is entered
// only through its index.ts (the route table http/routes.ts alone lists modules' *-routes.ts),
// the modules depend one way (no circle among them), a module's services do not take the whole
// Services (services.ts knows every module), and common/ and db/ import nothing above them
// (common/ only itself; db/ itself and common/).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIRS = ['packages', 'server/src', 'cli/src', 'plugins', 'web/src'];

interface Workspace {
  dir: string;
  exports: Record<string, string>;
}

function workspaces(): Map<string, Workspace> {
  const root = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { workspaces: string[] };
  const found = new Map<string, Workspace>();
  for (const rel of root.workspaces) {
    const dir = path.join(ROOT, rel);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name: string; exports?: Record<string, string> };
    found.set(pkg.name, { dir, exports: pkg.exports ?? {} });
  }
  return found;
}

function sourceFiles(dir: string, into: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') sourceFiles(full, into);
    } else if (/\.tsx?$/.test(entry.name)) {
      into.push(full);
    }
  }
  return into;
}

/** `import … from`, `import type … from`, `export … from` and side-effect imports. */
const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/g;

function resolver(packages: Map<string, Workspace>) {
  return (from: string, specifier: string): string | null => {
    if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
    const match = /^(@verdict\/[^/]+)(\/.*)?$/.exec(specifier);
    const pkg = match && packages.get(match[1]);
    if (!pkg) return null; // a dependency, or Node's own
    const key = `.${match[2] ?? ''}`;
    const exact = pkg.exports[key];
    if (exact) return path.join(pkg.dir, exact);
    const pattern = pkg.exports['./*'];
    return pattern ? path.join(pkg.dir, pattern.replace('*', key.slice(2))) : null;
  };
}

/** Strongly connected components of more than one module (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('architecture', function () {
  it('has no relative import out of a workspace package', function () {
    const packages = [...workspaces().values()];
    const outside: string[] = [];
    for (const pkg of packages) {
      for (const file of sourceFiles(pkg.dir)) {
        for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
          if (!specifier.startsWith('.')) continue;
          const target = path.resolve(path.dirname(file), specifier);
          if (!target.startsWith(pkg.dir + path.sep)) outside.push(`${path.relative(ROOT, file)} → ${specifier}`);
        }
      }
    }
    assert.equal(packages.length >= 6, true, `only ${packages.length} workspaces`);
    assert.deepEqual(outside, []);
  });

  it('has no import circle, type-only imports included', function () {
    const resolve = resolver(workspaces());
    const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));
    assert.ok(files.length > 100, `only ${files.length} source files found`);
    const graph = new Map<string, string[]>();
    for (const file of files) {
      const targets: string[] = [];
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = resolve(file, specifier);
        if (target && existsSync(target)) targets.push(target);
      }
      graph.set(file, targets);
    }
    const edges = [...graph.values()].reduce((n, t) => n + t.length, 0);
    assert.ok(edges > files.length, `only ${edges} imports resolved`);
    const found = circles(graph).map((c) => c.map((f) => path.relative(ROOT, f)).join(' → '));
    assert.deepEqual(found, []);
  });

  it("keeps HTTP out of the server's services: only route tables import http/ or Koa", function () {
    const server = path.join(ROOT, 'server/src');
    const http = path.join(server, 'http') + path.sep;
    const services = ['modules', 'common'].flatMap((dir) => sourceFiles(path.join(server, dir))).filter((f) => !f.endsWith('-routes.ts'));
    assert.ok(services.length > 30, `only ${services.length} service files found`);
    const offending: string[] = [];
    for (const file of services) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const intoHttp = specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).startsWith(http);
        if (intoHttp || /^(koa|@koa\/|koa-)/.test(specifier)) offending.push(`${path.relative(ROOT, file)} → ${specifier}`);
      }
    }
    assert.deepEqual(offending, []);
  });

  describe('inside the server', function () {
    const server = path.join(ROOT, 'server/src');
    const modules = path.join(server, 'modules');
    const files = sourceFiles(server);
    /** The module a file belongs to (`modules/<name>/…`), or null outside modules/. */
    const moduleOf = (file: string): string | null => {
      const parts = path.relative(modules, file).split(path.sep);
      return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
    };
    /** Every relative import of a server file, resolved. */
    const imports = (file: string): { specifier: string; target: string }[] =>
      [...readFileSync(file, 'utf8').matchAll(IMPORT)].filter(([, s]) => s.startsWith('.')).map(([, specifier]) => ({ specifier, target: path.resolve(path.dirname(file), specifier) }));

    it('finds the modules and their entries', function () {
      const names = readdirSync(modules, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
      assert.ok(names.length >= 10, `only ${names.length} modules found`);
      assert.deepEqual(names.filter((name) => !existsSync(path.join(modules, name, 'index.ts'))), [], 'modules without an index.ts');
    });

    it("enters a module only through its index.ts (the route table alone lists its *-routes.ts), from http/ and everywhere else", function () {
      const routeTable = path.join(server, 'http', 'routes.ts');
      const deep: string[] = [];
      for (const file of files) {
        for (const { specifier, target } of imports(file)) {
          const into = moduleOf(target);
          if (!into || into === moduleOf(file)) continue;
          if (path.basename(target) === 'index.ts' && path.dirname(target) === path.join(modules, into)) continue;
          if (file === routeTable && target.endsWith('-routes.ts')) continue;
          deep.push(`${path.relative(ROOT, file)} → ${specifier}`);
        }
      }
      assert.deepEqual(deep, []);
    });

    it('has no circle among the modules', function () {
      const graph = new Map<string, string[]>();
      for (const file of files) {
        const from = moduleOf(file);
        if (!from) continue;
        const targets = graph.get(from) ?? [];
        for (const { target } of imports(file)) {
          const to = moduleOf(target);
          if (to && to !== from && !targets.includes(to)) targets.push(to);
        }
        graph.set(from, targets);
      }
      assert.ok(graph.size >= 10, `only ${graph.size} modules found`);
      assert.deepEqual(
        circles(graph).map((c) => c.reverse().join(' → ')),
        [],
      );
    });

    it("leaves Services to the composition root: a module's services take the narrow services they need, only its route tables see Services", function () {
      const composition = path.join(server, 'services.ts');
      const knowing = files
        .filter((file) => moduleOf(file) && !file.endsWith('-routes.ts'))
        .filter((file) => imports(file).some(({ target }) => target === composition))
        .map((file) => path.relative(ROOT, file));
      assert.deepEqual(knowing, []);
    });

    it('keeps common/ and db/ below the rest: common/ imports only itself, db/ itself and common/', function () {
      const below: Record<string, string[]> = { common: ['common'], db: ['db', 'common'] };
      const upward: string[] = [];
      for (const [layer, allowed] of Object.entries(below)) {
        for (const file of sourceFiles(path.join(server, layer))) {
          for (const { specifier, target } of imports(file)) {
            const inside = allowed.some((dir) => target.startsWith(path.join(server, dir) + path.sep));
            if (!inside) upward.push(`${path.relative(ROOT, file)} → ${specifier}`);
          }
        }
      }
      assert.deepEqual(upward, []);
    });
  });
});
