// "2.in" before "10.in": digit runs compare as numbers.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });

export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}
