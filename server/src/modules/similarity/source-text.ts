// The text of a submission as the similarity analysis reads it, and as the side-by-side view
// shows it (fragments are character offsets into this text): its code, or its files one after
// another.
export function sourceText(row: { code: string; files: { name: string; content: string }[] | null }): string {
  return row.files?.length ? row.files.map((f) => f.content).join('\n') : row.code;
}
