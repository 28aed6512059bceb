// The `unsafe-local` plugin: runs programs as plain child processes under rlimits. It does not
// isolate anything, so it must be chosen explicitly and is labelled "UNSAFE: no isolation".
import type { VerdictPlugin } from '@verdict/plugin-api';
import { createUnsafeLocalBackend, type UnsafeLocalOptions } from './backend.ts';

const plugin: VerdictPlugin<UnsafeLocalOptions> = {
  name: '@verdict/unsafe-local',
  apiVersion: 1,
  parseConfig(raw: unknown): UnsafeLocalOptions {
    if (raw === undefined || raw === null) return {};
    if (typeof raw !== 'object' || Array.isArray(raw)) throw new Error('config must be an object like {"cacheDir": "/path"}');
    const { cacheDir, ...rest } = raw as Record<string, unknown>;
    const unknown = Object.keys(rest);
    if (unknown.length) throw new Error(`unknown config key(s): ${unknown.join(', ')}`);
    if (cacheDir !== undefined && typeof cacheDir !== 'string') throw new Error('cacheDir must be a string');
    return { cacheDir };
  },
  setup(ctx, config) {
    ctx.registerBackend(createUnsafeLocalBackend(config));
  },
};

export default plugin;
