// The largest source a submission may hold, on its own so that what only needs the number (the
// Contest API's problems' code_limit) imports nothing of the submit service.
export const MAX_SOURCE_BYTES = 64 * 1024;
