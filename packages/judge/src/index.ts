// @verdict/judge, the judge core's public API, for the server, the worker and the CLI.
export { createJudge, JudgeSetupError, UNSAFE_LABEL, type CreateJudgeOptions, type Judge, type JudgeSubmissionRequest } from './create-judge.ts';
export { runLimits, type JudgeOptions } from './judge-submission.ts';
export { loadPlugins, DEFAULT_PLUGINS, PluginError, type PluginSpec } from './plugin-loader.ts';
export { PluginRegistry } from './registry.ts';
export { loadLanguageDefinitions, languageForFile, languageForSubmission, DEFAULT_LANGUAGES_DIR } from './languages.ts';
export { layoutSources, MAX_SOURCE_FILES, sourceFileNameProblem, type SourceFile, type SourceLayout } from './sources.ts';
export { loadProblemPackage, PackageError, type LoadPackageOptions } from './package/load.ts';
export { SUBMISSION_FOLDERS } from './package/kattis.ts';
export { compareExact, defaultChecker } from './checkers/default.ts';
export { compareFloats, floatChecker } from './checkers/float.ts';
export * from './types.ts';
export { isKattisPackage } from './package/kattis.ts';
export { extractZip, type ZipLimits } from './package/zip.ts';
export { isDirectory, listFiles } from './package/files.ts';
export { isIgnoredSubmissionFile } from './package/submissions.ts';
export { brokenExpectation } from './package/expectations.ts';
export { allowsLanguage, languageRefusal } from './package/allowed-languages.ts';
export { worthAnotherRun } from './verdict.ts';
export { removeDir } from './workspace.ts';
/** Temporary folders named after their process, swept once it is gone (also the PDF renderer's). */
export { dirsOfDeadOwners, makeOwnedDir } from './owned-dirs.ts';
export { importProblem, IMPORT_FORMATS, type ImportFormat, type ImportOptions, type ImportResult } from './import/index.ts';
export { exportProblem, EXPORT_FORMATS, type ExportFormat, type ExportResult, type KattisVersion } from './export/index.ts';
