// The problem data upload's client-side checks (spec §5): zip only, at most 512 MB.
import { ADMIN_MESSAGES, LIMITS } from './messages.ts';

export interface ChosenFile {
  name: string;
  size: number;
}

/** Why a chosen file cannot be uploaded, or null when it can. */
export function uploadRefusal(file: ChosenFile | null | undefined, maxBytes: number = LIMITS.uploadMaxBytes): string | null {
  if (!file) return ADMIN_MESSAGES.uploadNone;
  if (!/\.zip$/i.test(file.name)) return ADMIN_MESSAGES.uploadFormat;
  if (file.size > maxBytes) return ADMIN_MESSAGES.uploadSize;
  return null;
}

/** The chosen-file list keeps only the last file picked or dropped. */
export function keepLast<T>(files: readonly T[]): T[] {
  return files.length ? [files[files.length - 1]] : [];
}
