// The problem page's language select can be searched (issue 30, defect 5): 31 templates, and
// "C++17" typed then Enter must not choose Ada. A label matches when every word typed is in it,
// compared without case, spaces, dashes, dots or brackets ("c++ 17" and "C++17" find
// "cpp17 — C++ 17"; "+" counts: "c++" does not find plain "c").

const squeeze = (text: string) => text.toLowerCase().replace(/[\s\-—_.()]+/g, '');

export function matchesLanguage(label: string, input: string): boolean {
  const haystack = squeeze(label);
  return input
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(squeeze(word)));
}
