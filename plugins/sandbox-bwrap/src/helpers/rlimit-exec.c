// Sets the run's rlimits, then execs the given command (bwrap). Usage:
// rlimit-exec CPU-SECONDS FSIZE-BYTES STACK-BYTES COMMAND [ARGS...]
// Every fd above 5 is closed first: only stdio and bwrap's info/block/seccomp fds (3-5) pass.
// Limits set here are inherited through bwrap by the sandboxed program; RLIMIT_AS is never set
// because it breaks Java, Node and Go runtimes.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

static int set(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit rl = {soft, hard};
  return setrlimit(resource, &rl);
}

int main(int argc, char **argv) {
  if (argc < 5) {
    fprintf(stderr, "usage: %s CPU-SECONDS FSIZE-BYTES STACK-BYTES COMMAND [ARGS...]\n", argv[0]);
    return 127;
  }
  rlim_t cpu = strtoull(argv[1], NULL, 10);
  rlim_t fsize = strtoull(argv[2], NULL, 10);
  rlim_t stack = strtoull(argv[3], NULL, 10);
  // Soft CPU limit sends SIGXCPU, the hard one a second later SIGKILL.
  if (set(RLIMIT_CPU, cpu, cpu + 1) || set(RLIMIT_FSIZE, fsize, fsize) ||
      set(RLIMIT_STACK, stack, stack) || set(RLIMIT_CORE, 0, 0)) {
    perror("setrlimit");
    return 127;
  }
  // Fds the judge inherited without CLOEXEC must not reach the sandbox.
  if (close_range(6, ~0U, 0) < 0)
    for (int fd = 6; fd < 1024; fd++) close(fd);
  execv(argv[4], argv + 4);
  perror(argv[4]);
  return 127;
}
