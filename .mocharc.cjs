// One mocha run covers every test under tests/ (TypeScript through tsx).
module.exports = {
  'node-option': ['import=tsx'],
  spec: ['tests/**/*.test.ts'],
  timeout: 60000,
  recursive: true,
  exit: true,
};
