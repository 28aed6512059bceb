// A name's canonical key and shape (TR39 skeletons), the pure part of modules/accounts/usernames.ts
// (which explains them), here below db/ because migrations 0020 and 0030 compute them too.
import { createRequire } from 'node:module';

const prototypes: Record<string, string> = createRequire(import.meta.url)('unhomoglyph/data.json');

/** Every character replaced by its confusables prototype (TR39's skeleton, on NFD text). */
function skeleton(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFD')) out += prototypes[ch] ?? ch;
  return out.normalize('NFD');
}

/** The canonical key of a name (also of an e-mail address, for the login limits). */
export function usernameKey(name: string): string {
  return skeleton(name.normalize('NFKC').toLowerCase()).toLowerCase().normalize('NFC');
}

/**
 * The name's skeleton taken before lower-casing (then lower-cased and skeletoned again). The key
 * lower-cases first, which turns a capital I into i where TR39 maps it to l: `AIice` had another
 * key than `alice` (found in review). Lower-casing after the skeleton instead would part `ALICE`
 * from `alice`, so a name is too like another when either its key or its shape is the other's.
 */
export function usernameShape(name: string): string {
  return skeleton(skeleton(name.normalize('NFKC')).toLowerCase()).toLowerCase().normalize('NFC');
}
