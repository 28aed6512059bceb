// Spreadsheet bombs: an .xlsx is a zip, and SheetJS inflates every part in memory before it
// reads a single row (a 600 KB file can unpack to 200 MB of sheet XML). The zip's central
// directory says what each part unpacks to; a file whose parts would unpack past these limits,
// or whose sizes cannot be true, is refused before SheetJS sees it. Pure code: the web app and
// the CLI both use it.

export const SPREADSHEET_ZIP_LIMITS = {
  maxEntries: 1000,
  /** All parts together; a 10 000-row user list is a few MB of XML. */
  maxUnpackedBytes: 50 * 1024 * 1024,
};

export interface ZipPart {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/**
 * The parts of a zip's central directory; a reason to refuse it (too many parts, ZIP64 sizes we
 * do not read); or null when it is no readable zip at all, which SheetJS then refuses itself.
 */
export function zipParts(bytes: Uint8Array): ZipPart[] | string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  if (count === 0xffff || at === 0xffffffff) return 'a ZIP64 file';
  if (count > SPREADSHEET_ZIP_LIMITS.maxEntries) return `${count} parts, more than ${SPREADSHEET_ZIP_LIMITS.maxEntries}`;
  const parts: ZipPart[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL) return null;
    const nameLength = view.getUint16(at + 28, true);
    parts.push({
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      uncompressedSize: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return parts;
}

/** Why a zip-based spreadsheet is refused before parsing (for the log or the CLI), or null. */
export function spreadsheetZipProblem(bytes: Uint8Array): string | null {
  const parts = zipParts(bytes);
  if (parts === null || typeof parts === 'string') return parts;
  let total = 0;
  for (const part of parts) {
    total += part.uncompressedSize;
    // Deflate never grows data by more than ~1 %: a part "smaller" than its compressed bytes lies
    // about its size (and would inflate to anything).
    const bound = part.method === 0 ? part.uncompressedSize : part.uncompressedSize + part.uncompressedSize / 100 + 64;
    if (part.compressedSize > bound) return `the part ${part.name} claims a size it cannot have`;
  }
  if (total > SPREADSHEET_ZIP_LIMITS.maxUnpackedBytes) {
    return `it unpacks to ${Math.round(total / 1024 / 1024)} MB, more than ${SPREADSHEET_ZIP_LIMITS.maxUnpackedBytes / 1024 / 1024} MB`;
  }
  return null;
}
