// A contest's problems are lettered in their order: A, B, …, Z, AA, AB, …

/** The letter of the problem at `index` (0-based). */
export function problemLetter(index: number): string {
  let n = index;
  let letters = '';
  do {
    letters = String.fromCharCode(65 + (n % 26)) + letters;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return letters;
}

/** The letters of `count` problems. */
export function problemLetters(count: number): string[] {
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, i) => problemLetter(i));
}
