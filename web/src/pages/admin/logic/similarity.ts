// The side-by-side view's text cut at the shared fragments' offsets: plain and highlighted pieces
// in order. Fragments of one side never overlap (the analysis keeps them apart); any that would,
// or that run past the text (a source changed since), is clipped.

export interface Segment {
  text: string;
  /** The fragment's index (its colour), or null outside every fragment. */
  fragment: number | null;
}

export function highlightedSegments(text: string, spans: readonly { start: number; end: number }[]): Segment[] {
  const ordered = spans.map((s, fragment) => ({ start: Math.max(0, s.start), end: Math.min(text.length, s.end), fragment })).sort((x, y) => x.start - y.start);
  const out: Segment[] = [];
  let at = 0;
  for (const s of ordered) {
    const start = Math.max(s.start, at);
    if (s.end <= start) continue;
    if (start > at) out.push({ text: text.slice(at, start), fragment: null });
    out.push({ text: text.slice(start, s.end), fragment: s.fragment });
    at = s.end;
  }
  if (at < text.length) out.push({ text: text.slice(at), fragment: null });
  return out;
}
