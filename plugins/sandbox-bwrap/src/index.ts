// @verdict/sandbox-bwrap: registers the `sandbox` judge backend (bubblewrap + cgroups + seccomp).
import type { VerdictPlugin } from '@verdict/plugin-api';
import { createSandboxBackend } from './backend.ts';
import { parseSandboxConfig, type SandboxConfig } from './config.ts';

export { createSandboxBackend, type SandboxBackend } from './backend.ts';
export { parseUidList } from './uids.ts';
export { defaultSandboxConfig, parseSandboxConfig, type SandboxConfig, type SeccompMode, type CgroupVersion, type WorkDirMode } from './config.ts';

const sandboxPlugin: VerdictPlugin<SandboxConfig> = {
  name: 'sandbox-bwrap',
  apiVersion: 1,
  parseConfig: parseSandboxConfig,
  setup(ctx, config) {
    ctx.registerBackend(createSandboxBackend(config));
  },
};

export default sandboxPlugin;
