// Mocha settings for every run (TypeScript through tsx). The files to run are given on the
// command line: `npm test` runs them all, `npx mocha tests/judge/foo.test.ts` runs one file.
module.exports = {
  'node-option': ['import=tsx'],
  timeout: 60000,
  // No `exit: true`: a run ends by itself, or tests/helpers/no-leaks.ts fails it naming what was left open.
  require: ['tests/helpers/no-leaks.ts'],
};
