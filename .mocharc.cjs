// Mocha settings for every run (TypeScript through tsx). The files to run are given on the
// command line: `npm test` runs them all, `npx mocha tests/judge/foo.test.ts` runs one file.
module.exports = {
  'node-option': ['import=tsx'],
  timeout: 60000,
  exit: true,
};
