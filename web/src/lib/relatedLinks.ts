// Related coding-practice sites: the personal-info pages show 5 of these 19 at random.

export interface RelatedLink {
  name: string;
  url: string;
}

export const RELATED_LINKS: readonly RelatedLink[] = [
  { name: 'LeetCode', url: 'https://leetcode.com/' },
  { name: 'Codeforces', url: 'https://codeforces.com/' },
  { name: 'AtCoder', url: 'https://atcoder.jp/' },
  { name: 'HackerRank', url: 'https://www.hackerrank.com/' },
  { name: 'HackerEarth', url: 'https://www.hackerearth.com/' },
  { name: 'CodeChef', url: 'https://www.codechef.com/' },
  { name: 'TopCoder', url: 'https://www.topcoder.com/' },
  { name: 'SPOJ', url: 'https://www.spoj.com/' },
  { name: 'UVa Online Judge', url: 'https://onlinejudge.org/' },
  { name: 'Kattis', url: 'https://open.kattis.com/' },
  { name: 'Project Euler', url: 'https://projecteuler.net/' },
  { name: 'CSES Problem Set', url: 'https://cses.fi/problemset/' },
  { name: 'LintCode', url: 'https://www.lintcode.com/' },
  { name: 'Luogu', url: 'https://www.luogu.com.cn/' },
  { name: 'Virtual Judge', url: 'https://vjudge.net/' },
  { name: 'Nowcoder', url: 'https://www.nowcoder.com/' },
  { name: 'AcWing', url: 'https://www.acwing.com/' },
  { name: 'Exercism', url: 'https://exercism.org/' },
  { name: 'Codewars', url: 'https://www.codewars.com/' },
];

export const RELATED_LINKS_SHOWN = 5;

/** `count` distinct items chosen uniformly (partial Fisher–Yates); `random` returns [0, 1). */
export function pickRandom<T>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const pool = [...items];
  const n = Math.min(count, pool.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
}
