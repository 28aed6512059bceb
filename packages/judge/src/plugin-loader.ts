// Turns configuration into plugins: imports each package by name, checks it against the plugin
// contract, validates its config and runs its setup. A bad plugin is reported by name.
import { BUILT_PLUGINS } from './built-plugins.ts';
import { PLUGIN_API_VERSION, type VerdictPlugin } from './plugin-api.ts';
import { PluginRegistry } from './registry.ts';

/** A package name (`@verdict/sandbox-bwrap`), a name with config, or an inline plugin object. */
export type PluginSpec = string | { name: string; config?: unknown; optional?: boolean } | { plugin: VerdictPlugin<unknown>; config?: unknown };

export class PluginError extends Error {
  constructor(
    readonly plugin: string,
    message: string,
  ) {
    super(`plugin "${plugin}": ${message}`);
    this.name = 'PluginError';
  }
}

export const DEFAULT_PLUGINS: PluginSpec[] = [
  { name: '@verdict/sandbox-bwrap', optional: true },
  { name: '@verdict/unsafe-local', optional: true },
];

// Only bare package names: a plugin is used through its package entry point, never a deep path.
const PACKAGE_NAME = /^(@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

export interface LoadPluginsOptions {
  log?: (message: string) => void;
  /** How a package is imported; tests may pass their own. */
  importer?: (name: string) => Promise<unknown>;
}

export async function loadPlugins(specs: PluginSpec[], options: LoadPluginsOptions = {}): Promise<PluginRegistry> {
  const registry = new PluginRegistry();
  const log = options.log ?? (() => {});
  // In the CLI's build, the workspace plugins come from the build (built-plugins.ts); any other by name.
  const importer = options.importer ?? ((name: string) => (Object.hasOwn(BUILT_PLUGINS, name) ? BUILT_PLUGINS[name]() : import(name)));
  for (const spec of specs) {
    const label = typeof spec === 'string' ? spec : 'plugin' in spec ? (spec.plugin?.name ?? '(inline)') : spec.name;
    const optional = typeof spec === 'object' && 'optional' in spec && spec.optional === true;
    try {
      const plugin = 'object' === typeof spec && 'plugin' in spec ? spec.plugin : await importPlugin(label, importer);
      await setupPlugin(registry, plugin, typeof spec === 'string' ? undefined : spec.config, log);
    } catch (err) {
      const error = err instanceof PluginError ? err : new PluginError(label, (err as Error).message);
      if (!optional) throw error;
      registry.failures.push({ plugin: label, message: error.message });
    }
  }
  return registry;
}

async function importPlugin(name: string, importer: (name: string) => Promise<unknown>): Promise<unknown> {
  if (!PACKAGE_NAME.test(name)) {
    throw new PluginError(name, 'plugins are named by package name only (like "@verdict/unsafe-local"), not by path');
  }
  let mod: unknown;
  try {
    mod = await importer(name);
  } catch (err) {
    throw new PluginError(name, `cannot be imported: ${(err as Error).message}`);
  }
  return (mod as { default?: unknown })?.default ?? mod;
}

/** Checks a plugin object against the contract, parses its config and runs its setup. */
export async function setupPlugin(registry: PluginRegistry, candidate: unknown, rawConfig: unknown, log: (m: string) => void) {
  const plugin = assertPlugin(candidate);
  let config: unknown = rawConfig;
  if (plugin.parseConfig) {
    try {
      config = plugin.parseConfig(rawConfig);
    } catch (err) {
      throw new PluginError(plugin.name, `invalid config: ${(err as Error).message}`);
    }
  }
  try {
    await plugin.setup(registry.contextFor(plugin.name, log), config);
  } catch (err) {
    throw new PluginError(plugin.name, `setup failed: ${(err as Error).message}`);
  }
}

function assertPlugin(candidate: unknown): VerdictPlugin {
  if (!candidate || typeof candidate !== 'object') {
    throw new PluginError('(unknown)', 'the module does not export a plugin object (default export expected)');
  }
  const p = candidate as Partial<VerdictPlugin>;
  if (typeof p.name !== 'string' || p.name === '') throw new PluginError('(unnamed)', 'the plugin object has no "name"');
  if (p.apiVersion !== PLUGIN_API_VERSION) {
    throw new PluginError(p.name, `apiVersion is ${JSON.stringify(p.apiVersion)}, this judge speaks ${PLUGIN_API_VERSION}`);
  }
  if (typeof p.setup !== 'function') throw new PluginError(p.name, 'setup is not a function');
  if (p.parseConfig !== undefined && typeof p.parseConfig !== 'function') {
    throw new PluginError(p.name, 'parseConfig is not a function');
  }
  return p as VerdictPlugin;
}
