// Several source files submitted together (POST /api/submit `files`): the limits the server
// applies, checked before sending.
import { t } from '../i18n/index.ts';

export interface PickedFile {
  name: string;
  content: string;
}

/** As the server takes them (server/src/modules/submissions/submissions.ts). */
export const MAX_PICKED_FILES = 100;
export const MAX_PICKED_BYTES = 256 * 1024;

/** Why a set of picked files cannot be submitted, or null. */
export function pickedFilesProblem(files: PickedFile[]): string | null {
  if (files.length > MAX_PICKED_FILES) return t('files.tooMany', { max: MAX_PICKED_FILES });
  const names = new Set(files.map((f) => f.name));
  if (names.size !== files.length) return t('files.sameName');
  const bytes = files.reduce((sum, f) => sum + new TextEncoder().encode(f.content).length, 0);
  if (bytes > MAX_PICKED_BYTES) return t('files.tooLong', { kb: MAX_PICKED_BYTES / 1024 });
  return null;
}
