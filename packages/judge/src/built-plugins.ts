// Plugin packages compiled into the CLI's ahead-of-time build, by package name. Empty here: run
// from the TypeScript sources, a plugin is imported by its name (loadPlugins). scripts/build.mjs
// replaces this module in the build (dist/) with one importing each workspace plugin (plugins/*)
// by a literal name, so that they are bundled too: Node cannot import their TypeScript entry
// points without tsx.
export const BUILT_PLUGINS: Readonly<Record<string, () => Promise<unknown>>> = {};
