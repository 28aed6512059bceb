// The plugin contract lives in its own package (@verdict/plugin-api), which plugins depend on;
// the judge core uses it through this module.
export * from '@verdict/plugin-api';
