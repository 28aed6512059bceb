// The similarity of every pair of sources of one problem (issue 31), from their winnowed
// fingerprints: pure computation, no database (it runs in a worker thread: similarity-worker.ts).
// Similarity of A and B = (A's fingerprints found in B + B's found in A) / (A's + B's), as Dolos
// counts it; fingerprints of ignored code (the templates, a base file) count in neither.
// Fragments: runs of shared k-grams on one diagonal (same offset between A and B), longest first,
// none overlapping another on either side.
import { kgramHashes, winnow, DEFAULT_WINNOW, type WinnowOptions } from './winnow.ts';
import { lexerFor, tokenize, type LexerName, type Token } from './tokenize.ts';

export interface SourceInput {
  userId: number;
  submissionId: number;
  language: string;
  code: string;
}

export interface AnalyseOptions extends WinnowOptions {
  /** Pairs kept per problem, the most similar first. */
  maxPairs: number;
  /** Fragments kept per pair, the longest first. */
  maxFragments: number;
  /** A pair at least this similar joins its users' cluster. */
  clusterThreshold: number;
}

export const DEFAULT_ANALYSE: AnalyseOptions = { ...DEFAULT_WINNOW, maxPairs: 500, maxFragments: 40, clusterThreshold: 0.5 };

/** A shared fragment: character offsets [start, end) and first/last lines in each source. */
export interface Fragment {
  tokens: number;
  a: { start: number; end: number; startLine: number; endLine: number };
  b: { start: number; end: number; startLine: number; endLine: number };
}

export interface PairResult {
  /** Indexes into the sources, a < b. */
  a: number;
  b: number;
  similarity: number;
  /** Tokens in the longest shared fragment. */
  longestFragment: number;
  fragments: Fragment[];
}

export interface SourceSummary {
  lexer: LexerName;
  tokens: number;
  fingerprints: number;
}

export interface ProblemAnalysis {
  sources: SourceSummary[];
  pairs: PairResult[];
  /** Groups of more than two sources linked by pairs at least `clusterThreshold` similar (indexes). */
  clusters: number[][];
}

interface Prepared {
  tokens: Token[];
  /** Kept fingerprint hash → the k-gram indexes it stands for. */
  prints: Map<number, number[]>;
  total: number;
}

/** The k-gram hashes of ignored code, per lexer (every k-gram, not only the winnowed). */
function ignoredHashes(ignored: readonly string[], lexer: LexerName, k: number): Set<number> {
  const out = new Set<number>();
  for (const text of ignored) for (const h of kgramHashes(tokenize(text, lexer), k)) out.add(h);
  return out;
}

function prepare(source: SourceInput, ignored: Set<number>, opts: WinnowOptions): Prepared & { lexer: LexerName } {
  const lexer = lexerFor(source.language);
  const tokens = tokenize(source.code, lexer);
  const prints = new Map<number, number[]>();
  let total = 0;
  for (const f of winnow(kgramHashes(tokens, opts.k), opts.window)) {
    if (ignored.has(f.hash)) continue;
    total++;
    const list = prints.get(f.hash);
    if (list) list.push(f.index);
    else prints.set(f.hash, [f.index]);
  }
  return { lexer, tokens, prints, total };
}

export function analyseProblem(
  sources: readonly SourceInput[],
  ignored: readonly string[],
  options: Partial<AnalyseOptions> = {},
  onSource: () => void = () => {},
): ProblemAnalysis {
  const opts = { ...DEFAULT_ANALYSE, ...options };
  const ignoredByLexer = new Map<LexerName, Set<number>>();
  const prepared = sources.map((s) => {
    const lexer = lexerFor(s.language);
    let ignoredSet = ignoredByLexer.get(lexer);
    if (!ignoredSet) ignoredByLexer.set(lexer, (ignoredSet = ignoredHashes(ignored, lexer, opts.k)));
    const p = prepare(s, ignoredSet, opts);
    onSource();
    return p;
  });
  const n = prepared.length;
  // covered[a * n + b]: how many of a's fingerprints b has too.
  const covered = new Uint32Array(n * n);
  const holders = new Map<number, number[]>();
  prepared.forEach((p, i) => {
    for (const hash of p.prints.keys()) {
      const list = holders.get(hash);
      if (list) list.push(i);
      else holders.set(hash, [i]);
    }
  });
  for (const [hash, files] of holders) {
    if (files.length < 2) continue;
    for (let x = 0; x < files.length; x++) {
      const a = files[x];
      const countA = prepared[a].prints.get(hash)!.length;
      for (let y = 0; y < files.length; y++) if (y !== x) covered[a * n + files[y]] += countA;
    }
  }
  const candidates: { a: number; b: number; similarity: number }[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const shared = covered[a * n + b] + covered[b * n + a];
      if (shared === 0) continue;
      candidates.push({ a, b, similarity: shared / (prepared[a].total + prepared[b].total) });
    }
  }
  candidates.sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
  const pairs = candidates.slice(0, opts.maxPairs).map(({ a, b, similarity }) => {
    const fragments = sharedFragments(prepared[a], prepared[b], opts);
    return { a, b, similarity, longestFragment: fragments[0]?.tokens ?? 0, fragments: fragments.slice(0, opts.maxFragments) };
  });
  return {
    sources: prepared.map((p) => ({ lexer: p.lexer, tokens: p.tokens.length, fingerprints: p.total })),
    pairs,
    clusters: clustersOf(n, pairs, opts.clusterThreshold),
  };
}

/** Each candidate pair of matching k-grams is capped, so that a hash repeated in both stays cheap. */
const MATCHES_PER_HASH = 16;

function sharedFragments(A: Prepared, B: Prepared, opts: WinnowOptions): Fragment[] {
  const matches: [number, number][] = [];
  for (const [hash, inA] of A.prints) {
    const inB = B.prints.get(hash);
    if (!inB) continue;
    let count = 0;
    for (const ia of inA) for (const ib of inB) if (count++ < MATCHES_PER_HASH) matches.push([ia, ib]);
  }
  matches.sort((x, y) => x[1] - x[0] - (y[1] - y[0]) || x[0] - y[0]);
  const runs: { a0: number; a1: number; b0: number; b1: number }[] = [];
  for (const [ia, ib] of matches) {
    const last = runs[runs.length - 1];
    if (last && last.b0 - last.a0 === ib - ia && ia - (last.a1 - opts.k) <= opts.window) {
      last.a1 = ia + opts.k;
      last.b1 = ib + opts.k;
    } else runs.push({ a0: ia, a1: ia + opts.k, b0: ib, b1: ib + opts.k });
  }
  runs.sort((x, y) => y.a1 - y.a0 - (x.a1 - x.a0) || x.a0 - y.a0);
  const takenA: [number, number][] = [];
  const takenB: [number, number][] = [];
  const overlaps = (taken: [number, number][], s: number, e: number) => taken.some(([ts, te]) => s < te && ts < e);
  const out: Fragment[] = [];
  for (const r of runs) {
    if (overlaps(takenA, r.a0, r.a1) || overlaps(takenB, r.b0, r.b1)) continue;
    takenA.push([r.a0, r.a1]);
    takenB.push([r.b0, r.b1]);
    out.push({ tokens: r.a1 - r.a0, a: span(A.tokens, r.a0, r.a1), b: span(B.tokens, r.b0, r.b1) });
  }
  return out;
}

function span(tokens: Token[], from: number, to: number): Fragment['a'] {
  const first = tokens[from];
  const last = tokens[Math.min(to, tokens.length) - 1];
  return { start: first.start, end: last.end, startLine: first.line, endLine: last.line };
}

function clustersOf(n: number, pairs: readonly PairResult[], threshold: number): number[][] {
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (const p of pairs) if (p.similarity >= threshold) parent[find(p.a)] = find(p.b);
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    const g = groups.get(root);
    if (g) g.push(i);
    else groups.set(root, [i]);
  }
  return [...groups.values()].filter((g) => g.length > 2);
}
