// ESLint's configuration lives in the lint workspace (tools/lint), which holds the TypeScript 5
// that typescript-eslint needs: see its package.json.
export { default } from './tools/lint/eslint.config.js';
