// The problems module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { ensurePackageDir, makeScratchDir, type PackageStore, packageLanguages } from './packages.ts';
export { DEFAULT_CHROMIUM_PATH, PdfRenderer, removeStaleChromiumProfiles } from './pdf-render.ts';
export { exportProblem } from './problem-export.ts';
export { addProblem } from './problems.ts';
export { loadSamples } from './samples.ts';
export { checkZipUpload, importProblemPackage } from './upload.ts';
export { findLanguage, type LanguageCatalog, languageCatalogFromJudge, type LanguageChoice, LANGUAGES_DIR, languagesWithin } from './templates-languages.ts';
export { importResult, type ImportResult, languageChoice, languageLimits, type LanguageLimits, problemDetail, problemLimits, type ProblemLimits, type ProblemDetail, templateWithLanguage, type TemplateWithLanguage, wireProblem, type WireProblem, wireTemplate, type WireTemplate } from './wire.ts';
