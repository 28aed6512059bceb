// The conformance suites a plugin runs in its own tests (mocha's describe/it as globals), and
// the small C programs and work dirs they use, for a plugin's further tests:
//   import { backendContractSuite } from '@verdict/plugin-api/conformance';
//   backendContractSuite('my-backend', () => createMyBackend());
export { backendContractSuite } from './backend.ts';
export { C_PROGRAMS, cleanupPrograms, cleanupWorkDirs, compileC, makeWorkDir, type ProgramName } from './programs.ts';
