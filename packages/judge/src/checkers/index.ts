// Resolves a problem's checker spec into one function the test loop calls per test.
import type { CheckerContext, CheckerResult } from '../plugin-api.ts';
import type { PluginRegistry } from '../registry.ts';
import type { CheckerSpec } from '../types.ts';
import { defaultChecker } from './default.ts';
import { floatChecker } from './float.ts';
import { compileSpecialJudge, runSpecialJudge, type SpecialJudgeEnv } from './special.ts';

export type CheckOutput = (ctx: CheckerContext) => Promise<CheckerResult>;

export const BUILTIN_CHECKERS = [defaultChecker, floatChecker];

/** Compiles a special judge if needed (once, cached); throws when the checker cannot be used. */
export async function prepareChecker(spec: CheckerSpec, env: SpecialJudgeEnv, registry: PluginRegistry): Promise<CheckOutput> {
  switch (spec.kind) {
    case 'default':
      return (ctx) => defaultChecker.check(ctx, {});
    case 'float':
      return (ctx) => floatChecker.check(ctx, { absolute: spec.absolute, relative: spec.relative });
    case 'testlib':
    case 'kattis': {
      const compiled = await compileSpecialJudge(env, spec.source);
      const flags = spec.kind === 'kattis' ? spec.flags : [];
      return (ctx) => runSpecialJudge(env, compiled, spec.kind, ctx, flags);
    }
    case 'plugin': {
      const checker = registry.checker(spec.name);
      if (!checker) throw new Error(`checker "${spec.name}" is not provided by any loaded plugin`);
      return (ctx) => checker.check(ctx, spec.options);
    }
  }
}
