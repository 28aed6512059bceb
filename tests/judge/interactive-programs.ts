// Validators and submissions of the interactive and multi-pass problems of interactive.test.ts.

/**
 * A guessing game (Kattis protocol): the input holds n and the secret; the validator tells the
 * program n, answers each guess with higher, lower or correct, and allows 12 guesses.
 */
export const GUESS_VALIDATOR = `#include <csignal>
#include <cstdio>
#include <string>
int main(int argc, char **argv) {
  std::signal(SIGPIPE, SIG_IGN);
  std::FILE *in = std::fopen(argv[1], "r");
  int n, secret;
  if (!in || std::fscanf(in, "%d %d", &n, &secret) != 2) return 1;
  std::FILE *msg = std::fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
  std::printf("%d\\n", n);
  std::fflush(stdout);
  for (int guesses = 1; guesses <= 12; guesses++) {
    int g;
    if (std::scanf("%d", &g) != 1) { std::fprintf(msg, "no guess %d", guesses); return 43; }
    if (g < 1 || g > n) { std::fprintf(msg, "guess %d out of range", g); return 43; }
    if (g == secret) {
      std::printf("correct\\n");
      std::fflush(stdout);
      std::fprintf(msg, "found in %d guesses", guesses);
      return 42;
    }
    std::printf(g < secret ? "higher\\n" : "lower\\n");
    std::fflush(stdout);
  }
  std::fprintf(msg, "too many guesses");
  return 43;
}
`;

/** The same game as a testlib interactor: \`interactor input output answer\`, exit 0 OK, 1 WA. */
export const GUESS_INTERACTOR = `#include <cstdio>
int main(int argc, char **argv) {
  if (argc < 4) return 3;
  std::FILE *in = std::fopen(argv[1], "r"), *out = std::fopen(argv[2], "w");
  int n, secret;
  if (!in || !out || std::fscanf(in, "%d %d", &n, &secret) != 2) return 3;
  std::printf("%d\\n", n);
  std::fflush(stdout);
  for (int guesses = 1; guesses <= 12; guesses++) {
    int g;
    if (std::scanf("%d", &g) != 1) { std::fprintf(stderr, "no guess"); return 1; }
    std::fprintf(out, "%d\\n", g);
    if (g == secret) { std::printf("correct\\n"); std::fflush(stdout); std::fprintf(stderr, "ok %d guesses", guesses); return 0; }
    std::printf(g < secret ? "higher\\n" : "lower\\n");
    std::fflush(stdout);
  }
  std::fprintf(stderr, "too many guesses");
  return 1;
}
`;

/** Waits for the program to speak first: with a program that waits too, neither ever does. */
export const SILENT_VALIDATOR = `#include <cstdio>
int main() {
  int hello;
  return std::scanf("%d", &hello) == 1 ? 42 : 43;
}
`;

/** Says "go", then accepts only the line "clean"; the line is the judge message. */
export const HOSTILE_VALIDATOR = `#include <cstdio>
#include <cstring>
#include <string>
int main(int argc, char **argv) {
  std::printf("go\\n");
  std::fflush(stdout);
  char line[4096] = "";
  if (!std::fgets(line, sizeof line, stdin)) return 43;
  std::FILE *msg = std::fopen((std::string(argv[3]) + "judgemessage.txt").c_str(), "w");
  std::fputs(line, msg);
  return std::strcmp(line, "clean\\n") == 0 ? 42 : 43;
}
`;

/**
 * Two passes (Kattis multi-pass). It first prints the pass's input, which the program reads when
 * the problem is interactive too (without interaction that output goes nowhere). Pass 1: the
 * input is x, the program prints 2x;
 * the validator keeps 2x in its feedback folder and writes nextpass.in "again 2x". Pass 2: the
 * program prints 2x + 1, checked against what the feedback folder kept. An answer file "loop"
 * makes it ask for another pass every time.
 */
export const TWO_PASS_VALIDATOR = `#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
int main(int argc, char **argv) {
  std::string feedback = argv[3];
  std::FILE *pass = std::fopen(argv[1], "r");
  for (int c; pass && (c = std::fgetc(pass)) != EOF;) std::putchar(c);
  std::fflush(stdout);
  std::FILE *ans = std::fopen(argv[2], "r");
  char mode[16] = "";
  if (!ans || std::fscanf(ans, "%15s", mode) != 1) return 1;
  long got;
  if (std::scanf("%ld", &got) != 1) return 43;
  std::FILE *msg = std::fopen((feedback + "judgemessage.txt").c_str(), "a");
  std::FILE *state = std::fopen((feedback + "state").c_str(), "r");
  long kept;
  bool second = state && std::fscanf(state, "%ld", &kept) == 1;
  if (!second || std::strcmp(mode, "loop") == 0) {
    long x;
    std::FILE *in = std::fopen(argv[1], "r");
    char word[16];
    if (std::fscanf(in, "%15s", word) != 1) return 1;
    x = std::strcmp(word, "again") == 0 ? (std::fscanf(in, "%ld", &x), x) : std::atol(word);
    if (!second && got != 2 * x) { std::fprintf(msg, "pass 1: %ld is not 2 * %ld\\n", got, x); return 43; }
    std::FILE *keep = std::fopen((feedback + "state").c_str(), "w");
    std::fprintf(keep, "%ld\\n", got);
    std::fclose(keep);
    std::FILE *next = std::fopen((feedback + "nextpass.in").c_str(), "w");
    std::fprintf(next, "again %ld\\n", got);
    std::fclose(next);
    std::fprintf(msg, "pass 1 fine\\n");
    return 42;
  }
  if (got != kept + 1) { std::fprintf(msg, "pass 2: %ld is not %ld + 1\\n", got, kept); return 43; }
  std::fprintf(msg, "pass 2 fine\\n");
  return 42;
}
`;

export const PROGRAMS = {
  /** Binary search. */
  correct: `#include <stdio.h>
int main(void) {
  int n, lo = 1, hi;
  char reply[16];
  if (scanf("%d", &n) != 1) return 1;
  hi = n;
  for (;;) {
    int mid = (lo + hi) / 2;
    printf("%d\\n", mid);
    fflush(stdout);
    if (scanf("%15s", reply) != 1) return 1;
    if (reply[0] == 'c') return 0;
    if (reply[0] == 'h') lo = mid + 1; else hi = mid - 1;
  }
}
`,
  /** Always guesses 1, and fails (exit 1) once the validator has hung up on it. */
  wrongGuesses: `#include <stdio.h>
int main(void) {
  int n;
  char reply[16];
  if (scanf("%d", &n) != 1) return 1;
  for (;;) {
    printf("1\\n");
    fflush(stdout);
    if (scanf("%15s", reply) != 1) return 1;
    if (reply[0] == 'c') return 0;
  }
}
`,
  /** Reads n, then waits for ever without guessing. */
  sleeper: `#define _GNU_SOURCE
#include <stdio.h>
#include <unistd.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  for (;;) pause();
}
`,
  /** One guess, then a segmentation fault: the validator, left without guesses, says WA after it. */
  crash: `#include <stdio.h>
int main(void) {
  int n;
  char reply[16];
  if (scanf("%d", &n) != 1) return 1;
  printf("%d\\n", n / 3);
  fflush(stdout);
  if (scanf("%15s", reply) != 1) return 1;
  *(volatile int *)0 = 1;
  return 0;
}
`,
  /** Finds the number, then aborts after the validator has accepted. */
  crashAfterAccept: `#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n, lo = 1, hi;
  char reply[16];
  if (scanf("%d", &n) != 1) return 1;
  hi = n;
  for (;;) {
    int mid = (lo + hi) / 2;
    printf("%d\\n", mid);
    fflush(stdout);
    if (scanf("%15s", reply) != 1) return 1;
    if (reply[0] == 'c') abort();
    if (reply[0] == 'h') lo = mid + 1; else hi = mid - 1;
  }
}
`,
  /** Guesses without end and never reads a reply. */
  flood: `#include <stdio.h>
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  for (;;) printf("1\\n");
}
`,
  /** Multi-pass: 2x on a number, 2x + 1 on "again 2x". */
  twoPass: `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  char word[16];
  long x;
  if (scanf("%15s", word) != 1) return 1;
  if (strcmp(word, "again") == 0 && scanf("%ld", &x) == 1) printf("%ld\\n", x + 1);
  else printf("%ld\\n", 2 * atol(word));
  return 0;
}
`,
  /**
   * Binary search that keeps what it learned in a file of its folder. With 12 guesses for n =
   * 1,000,000 (20 needed), it stops after 11 and waits: TLE at the wall-clock limit with little
   * CPU, which the judge runs again; a run that found the file left by the one before continues
   * from it and finds the number (AC) (found by a hostile review).
   */
  remembering: `#define _GNU_SOURCE
#include <stdio.h>
#include <unistd.h>
int main(void) {
  int n, lo = 1, hi;
  char reply[16];
  if (scanf("%d", &n) != 1) return 1;
  hi = n;
  FILE *kept = fopen("learned", "r");
  if (kept && fscanf(kept, "%d %d", &lo, &hi) == 2) fprintf(stderr, "continuing from %d..%d\\n", lo, hi);
  for (int guesses = 1;; guesses++) {
    if (guesses == 12) for (;;) pause();
    int mid = (lo + hi) / 2;
    printf("%d\\n", mid);
    fflush(stdout);
    if (scanf("%15s", reply) != 1) return 1;
    if (reply[0] == 'c') return 0;
    if (reply[0] == 'h') lo = mid + 1; else hi = mid - 1;
    FILE *keep = fopen("learned", "w");
    if (keep) fprintf(keep, "%d %d\\n", lo, hi), fclose(keep);
  }
}
`,
  /** Multi-pass: 2x in pass 1, leaving a file; in pass 2 right (x + 1) only if that file is there. */
  twoPassWithLeftovers: `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  char word[16];
  long x;
  if (scanf("%15s", word) != 1) return 1;
  if (strcmp(word, "again") == 0 && scanf("%ld", &x) == 1) {
    FILE *left = fopen("left-by-pass-1", "r");
    printf("%ld\\n", left ? x + 1 : x + 2);
  } else {
    FILE *leave = fopen("left-by-pass-1", "w");
    if (leave) fclose(leave);
    printf("%ld\\n", 2 * atol(word));
  }
  return 0;
}
`,
  /** Multi-pass: right in pass 1, wrong in pass 2. */
  twoPassWrongSecond: `#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void) {
  char word[16];
  long x;
  if (scanf("%15s", word) != 1) return 1;
  if (strcmp(word, "again") == 0 && scanf("%ld", &x) == 1) printf("%ld\\n", x + 2);
  else printf("%ld\\n", 2 * atol(word));
  return 0;
}
`,
};

/**
 * Looks for what only the validator may see: the test's answer and input by their host paths,
 * the validators' folders under the judge's work root (answer.txt, the feedback folder), and any
 * process whose command line names answer.txt or whose folder holds it. With `daemon`, leaves a
 * process behind (a new session, holding the pipe to the validator). Prints "clean", or "found"
 * and what it found, to the validator.
 */
export function hostileProgram(paths: { answer: string; input: string; workRoot: string }, daemon: boolean): string {
  return `#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
static char found[3000];
static void look(const char *path) {
  int fd = open(path, O_RDONLY);
  if (fd >= 0 && strlen(found) + strlen(path) + 2 < sizeof found) { strcat(found, " "); strcat(found, path); }
  if (fd >= 0) close(fd);
}
int main(void) {
  char go[16], path[4096];
  if (scanf("%15s", go) != 1) return 1;
  if (${daemon ? 1 : 0} && fork() == 0) { setsid(); if (fork() == 0) { for (;;) pause(); } return 0; }
  look(${JSON.stringify(paths.answer)});
  look(${JSON.stringify(paths.input)});
  DIR *root = opendir(${JSON.stringify(paths.workRoot)});
  struct dirent *e;
  while (root && (e = readdir(root))) {
    if (strncmp(e->d_name, "check-", 6) != 0) continue;
    snprintf(path, sizeof path, "%s/%s/answer.txt", ${JSON.stringify(paths.workRoot)}, e->d_name);
    look(path);
    snprintf(path, sizeof path, "%s/%s/feedback", ${JSON.stringify(paths.workRoot)}, e->d_name);
    look(path);
  }
  DIR *proc = opendir("/proc");
  while (proc && (e = readdir(proc))) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    char cmdline[4096] = "";
    snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
    int fd = open(path, O_RDONLY);
    if (fd >= 0) {
      ssize_t n = read(fd, cmdline, sizeof cmdline - 1);
      close(fd);
      for (ssize_t i = 0; i < n; i++) if (!cmdline[i]) cmdline[i] = ' ';
      if (n > 0 && strstr(cmdline, "answer.txt")) { strcat(found, " cmdline:"); strcat(found, e->d_name); }
    }
    snprintf(path, sizeof path, "/proc/%s/cwd/answer.txt", e->d_name);
    look(path);
    snprintf(path, sizeof path, "/proc/%s/root/%s", e->d_name, ${JSON.stringify(paths.answer)});
    look(path);
  }
  if (found[0]) printf("found%s\\n", found);
  else printf("clean\\n");
  fflush(stdout);
  return 0;
}
`;
}
