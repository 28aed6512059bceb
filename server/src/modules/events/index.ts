// The events module's entry: what the rest of the server may use of it. Other modules, http/,
// the composition root (services.ts, server.ts) and public/ import only this file.
export { ChangeFeed } from './change-feed.ts';
export { EventsHub } from './events-hub.ts';
export { StreamGuard } from './stream-guard.ts';
export { StreamLimits } from './stream-limits.ts';
