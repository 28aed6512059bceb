// A problem's balloon colour on the admin screens: the usual balloon colours to pick from, the
// name that goes with a picked one, the label and the ink that reads on the colour.
import { normalizeHexColor } from '@verdict/shared';
import { t } from '../../../i18n/index.ts';

/** Balloon colours contests commonly buy, with the names volunteers use. */
export const BALLOON_PRESETS: readonly { name: string; color: string }[] = [
  { name: 'red', color: '#ff0000' },
  { name: 'orange', color: '#ffa500' },
  { name: 'yellow', color: '#ffff00' },
  { name: 'green', color: '#008000' },
  { name: 'lime', color: '#00ff00' },
  { name: 'light blue', color: '#87cefa' },
  { name: 'blue', color: '#0000ff' },
  { name: 'navy', color: '#000080' },
  { name: 'purple', color: '#800080' },
  { name: 'pink', color: '#ffc0cb' },
  { name: 'magenta', color: '#ff00ff' },
  { name: 'brown', color: '#a52a2a' },
  { name: 'black', color: '#000000' },
  { name: 'white', color: '#ffffff' },
  { name: 'silver', color: '#c0c0c0' },
  { name: 'gold', color: '#ffd700' },
];

/** The preset's name of a colour (any hex spelling), or null when it is not a preset. */
export function presetName(color: string): string | null {
  const hex = normalizeHexColor(color);
  return BALLOON_PRESETS.find((p) => p.color === hex)?.name ?? null;
}

/** What a balloon's colour is called on screen: its name (as the admin wrote it), else its hex colour, else none. */
export function colorLabel(problem: { color: string | null; colorName: string | null }): string {
  return problem.colorName ?? problem.color ?? t('balloons.noColour');
}

/** Black or white, whichever reads better on the colour (YIQ brightness). */
export function inkOn(color: string): '#000000' | '#ffffff' {
  const hex = normalizeHexColor(color);
  if (!hex) return '#000000';
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return (r * 299 + g * 587 + b * 114) / 1000 >= 128 ? '#000000' : '#ffffff';
}
