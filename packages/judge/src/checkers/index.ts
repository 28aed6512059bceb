// Resolves a problem's checker spec into one function the test loop calls per test.
import { writeFile } from 'node:fs/promises';
import type { CheckerContext, CheckerResult } from '../plugin-api.ts';
import type { PluginRegistry } from '../registry.ts';
import type { CheckerSpec } from '../types.ts';
import { defaultChecker } from './default.ts';
import { floatChecker } from './float.ts';
import type { JudgeCheckerContext } from './text.ts';
import { tokenOptions, tokensChecker } from './tokens.ts';
import { compileSpecialJudge, runSpecialJudge, validatorLimits, type SpecialJudgeEnv } from './special.ts';

/** `flags`: the test's own validator flags (Kattis test groups), replacing the problem's. */
export type CheckOutput = (ctx: JudgeCheckerContext, flags?: string[]) => Promise<CheckerResult>;

/** The plugin contract's context: the output in its file (written now when it was in memory). */
async function withOutputFile(ctx: JudgeCheckerContext): Promise<CheckerContext> {
  if (ctx.outputData) await writeFile(ctx.output, ctx.outputData);
  return { input: ctx.input, answer: ctx.answer, output: ctx.output, workDir: ctx.workDir };
}

export const BUILTIN_CHECKERS = [defaultChecker, floatChecker, tokensChecker];

/** Compiles a special judge if needed (once, cached); throws when the checker cannot be used. */
export async function prepareChecker(spec: CheckerSpec, env: SpecialJudgeEnv, registry: PluginRegistry): Promise<CheckOutput> {
  switch (spec.kind) {
    case 'default':
      return (ctx) => defaultChecker.check(ctx, {});
    case 'float':
      return (ctx) => floatChecker.check(ctx, { absolute: spec.absolute, relative: spec.relative });
    case 'tokens': {
      const options = tokenOptions(spec.flags);
      return (ctx, flags) => tokensChecker.check(ctx, { ...(flags ? tokenOptions(flags) : options) });
    }
    case 'testlib':
    case 'cms':
    case 'kattis': {
      const compiled = await compileSpecialJudge(env, spec.source);
      const problemFlags = spec.kind === 'kattis' ? spec.flags : [];
      const limits = validatorLimits(spec.limits);
      return (ctx, flags) => runSpecialJudge(env, compiled, spec.kind, ctx, spec.kind === 'kattis' ? (flags ?? problemFlags) : [], limits);
    }
    case 'plugin': {
      const checker = registry.checker(spec.name);
      if (!checker) throw new Error(`checker "${spec.name}" is not provided by any loaded plugin`);
      return async (ctx) => checker.check(await withOutputFile(ctx), spec.options);
    }
  }
}
