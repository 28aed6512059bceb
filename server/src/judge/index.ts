// The judge core's public API, for the server, the worker and the CLI.
export { createJudge, JudgeSetupError, UNSAFE_LABEL, type CreateJudgeOptions, type Judge, type JudgeSubmissionRequest } from './create-judge.ts';
export type { JudgeOptions } from './judge-submission.ts';
export { loadPlugins, DEFAULT_PLUGINS, PluginError, type PluginSpec } from './plugin-loader.ts';
export { PluginRegistry } from './registry.ts';
export { loadLanguageDefinitions, languageForFile, DEFAULT_LANGUAGES_DIR } from './languages.ts';
export { loadProblemPackage, PackageError, type LoadPackageOptions } from './package/load.ts';
export { SUBMISSION_FOLDERS } from './package/kattis.ts';
export { compareExact } from './checkers/default.ts';
export { compareFloats } from './checkers/float.ts';
export * from './types.ts';
