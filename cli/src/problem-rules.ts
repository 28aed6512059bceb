// A problem's title and limits as the server accepts them (spec §5: title 1-50, time
// 0-10000 ms), within what the judge's package loader reads (memory up to 8192 MB).
export const MAX_TITLE_LENGTH = 50;
export const MAX_TIME_SECONDS = 10;
export const MAX_MEMORY_MB = 8192;

export function checkTitle(title: string): string | undefined {
  return title.length < 1 || title.length > MAX_TITLE_LENGTH ? `The length of Title should be 1-${MAX_TITLE_LENGTH} (got ${title.length}: "${title}")` : undefined;
}

export function checkLimits(timeLimitMs: number, memoryLimitMb: number): string | undefined {
  if (!(timeLimitMs > 0 && timeLimitMs <= MAX_TIME_SECONDS * 1000)) return `the time limit must be over 0 and at most ${MAX_TIME_SECONDS} seconds`;
  if (!(memoryLimitMb >= 1 && memoryLimitMb <= MAX_MEMORY_MB)) return `the memory limit must be between 1 and ${MAX_MEMORY_MB} MB`;
  return undefined;
}
