/* Runs one program under rlimits for the unsafe-local backend and reports its resource usage.
 * usage: runner <cpu_ms> <wall_ms> <memory_kb> <fsize_bytes> <stack_kb> [--wait] -- argv...
 * --wait: start the program (and its clock) only once a byte arrives on fd 4 (an interactive run:
 * the judge first hands this runner's stdin and stdout to the other side); EOF instead: exit 123.
 * Writes one line to fd 3: "<exit|signal|execfail> <code> <cpu_ms> <maxrss_kb> <limit> [detail]",
 * where limit is 0 (none), 1 (memory), 2 (cpu) or 3 (wall) for a limit this runner enforced.
 * Memory is watched by polling the child's RSS (no RLIMIT_AS: it breaks Java, Node and Go). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <errno.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

static long cpu_used_ms(pid_t pid) {
  char path[64], buf[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  char *p = strrchr(buf, ')');
  if (!p) return 0;
  unsigned long utime = 0, stime = 0;
  /* fields after the command: state(3) ... utime(14) stime(15) */
  if (sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2) return 0;
  return (long)((utime + stime) * 1000 / sysconf(_SC_CLK_TCK));
}

static long elapsed_ms(const struct timespec *start) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (now.tv_sec - start->tv_sec) * 1000 + (now.tv_nsec - start->tv_nsec) / 1000000;
}

static long rss_kb(pid_t pid) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  long size = 0, resident = 0;
  if (fscanf(f, "%ld %ld", &size, &resident) != 2) resident = 0;
  fclose(f);
  return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

int main(int argc, char **argv) {
  int wait_for_start = argc > 6 && strcmp(argv[6], "--wait") == 0;
  int command = 7 + wait_for_start;
  if (argc < command + 1 || strcmp(argv[command - 1], "--") != 0) {
    fprintf(stderr, "usage: runner cpu_ms wall_ms memory_kb fsize_bytes stack_kb [--wait] -- argv...\n");
    return 120;
  }
  long cpu_ms = atol(argv[1]), wall_ms = atol(argv[2]), memory_kb = atol(argv[3]);
  long long fsize = atoll(argv[4]);
  long stack_kb = atol(argv[5]);
  if (wait_for_start) {
    char go;
    if (read(4, &go, 1) != 1) return 123;
    close(4);
  }
  struct timespec start;
  clock_gettime(CLOCK_MONOTONIC, &start);
  int execfail[2];
  if (pipe2(execfail, O_CLOEXEC) != 0) { perror("pipe"); return 121; }
  // SIGCHLD ends the wait between two polls at once: the report follows the program's end within
  // microseconds, which tells which side of an interactive run ended first.
  sigset_t chld, previous;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, &previous);
  pid_t pid = fork();
  if (pid < 0) { perror("fork"); return 121; }
  if (pid == 0) {
    struct rlimit cpu = { (rlim_t)((cpu_ms + 999) / 1000 + 1), (rlim_t)((cpu_ms + 999) / 1000 + 2) };
    setrlimit(RLIMIT_CPU, &cpu);
    struct rlimit fs = { (rlim_t)fsize, (rlim_t)fsize };
    if (fsize > 0) setrlimit(RLIMIT_FSIZE, &fs);
    struct rlimit st = { (rlim_t)stack_kb * 1024, (rlim_t)stack_kb * 1024 };
    if (stack_kb > 0) setrlimit(RLIMIT_STACK, &st);
    struct rlimit core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &core);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    close(3);
    close(execfail[0]);
    execvp(argv[command], argv + command);
    int err = errno;
    if (write(execfail[1], &err, sizeof err) < 0) _exit(126);
    _exit(127);
  }
  close(execfail[1]);
  int exec_errno = 0;
  if (read(execfail[0], &exec_errno, sizeof exec_errno) != sizeof exec_errno) exec_errno = 0;
  int status = 0, limit = 0;
  long peak = 0;
  struct rusage ru;
  struct timespec tick = { 0, 2 * 1000 * 1000 };
  for (;;) {
    pid_t r = wait4(pid, &status, WNOHANG, &ru);
    if (r == pid) break;
    long rss = rss_kb(pid);
    if (rss > peak) peak = rss;
    if (!limit) {
      if (memory_kb > 0 && rss > memory_kb) limit = 1;
      else if (cpu_used_ms(pid) > cpu_ms) limit = 2;
      else if (elapsed_ms(&start) > wall_ms) limit = 3;
      if (limit) kill(pid, SIGKILL);
    }
    sigtimedwait(&chld, NULL, &tick);
  }
  // When the program's end was seen, on the clock Node's process.hrtime reads (CLOCK_MONOTONIC):
  // of two runners of an interactive run, the smaller ended first, whichever report Node reads first.
  struct timespec end;
  clock_gettime(CLOCK_MONOTONIC, &end);
  long long end_ns = (long long)end.tv_sec * 1000000000LL + end.tv_nsec;
  long cpu = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000;
  long maxrss = ru.ru_maxrss > peak ? ru.ru_maxrss : peak;
  FILE *out = fdopen(3, "w");
  if (!out) return 122;
  if (exec_errno) fprintf(out, "execfail %d 0 0 0 %lld %s\n", exec_errno, end_ns, strerror(exec_errno));
  else if (WIFSIGNALED(status)) fprintf(out, "signal %d %ld %ld %d %lld\n", WTERMSIG(status), cpu, maxrss, limit, end_ns);
  else fprintf(out, "exit %d %ld %ld %d %lld\n", WEXITSTATUS(status), cpu, maxrss, limit, end_ns);
  fclose(out);
  return 0;
}
