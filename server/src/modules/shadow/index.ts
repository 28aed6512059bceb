// The shadow module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { closeShadows, resumeShadows } from './shadows.ts';
