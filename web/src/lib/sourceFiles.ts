// Several source files submitted together (POST /api/submit `files`): the limits the server
// applies, checked before sending.
export interface PickedFile {
  name: string;
  content: string;
}

/** As the server takes them (server/src/modules/submissions/submissions.ts). */
export const MAX_PICKED_FILES = 100;
export const MAX_PICKED_BYTES = 256 * 1024;

/** Why a set of picked files cannot be submitted, or null. */
export function pickedFilesProblem(files: PickedFile[]): string | null {
  if (files.length > MAX_PICKED_FILES) return `At most ${MAX_PICKED_FILES} files can be submitted together.`;
  const names = new Set(files.map((f) => f.name));
  if (names.size !== files.length) return 'Two files have the same name.';
  const bytes = files.reduce((sum, f) => sum + new TextEncoder().encode(f.content).length, 0);
  if (bytes > MAX_PICKED_BYTES) return `The files are too long: at most ${MAX_PICKED_BYTES / 1024} KB together.`;
  return null;
}
