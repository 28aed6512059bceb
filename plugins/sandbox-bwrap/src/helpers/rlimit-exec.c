// Started as root by the backend: sets the run's rlimits, drops to the sandbox user, then execs
// the given command (bwrap). Usage:
// rlimit-exec UID GID CPU-SECONDS FSIZE-BYTES STACK-BYTES COMMAND [ARGS...]
// Every fd above 8 is closed first: only what the backend passes on (0-8, see run.ts) reaches bwrap.
// Limits set here are inherited through bwrap by the sandboxed program; RLIMIT_AS is never set
// because it breaks Java, Node and Go runtimes.
#define _GNU_SOURCE
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

static int set(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit rl = {soft, hard};
  return setrlimit(resource, &rl);
}

int main(int argc, char **argv) {
  if (argc < 7) {
    fprintf(stderr, "usage: %s UID GID CPU-SECONDS FSIZE-BYTES STACK-BYTES COMMAND [ARGS...]\n", argv[0]);
    return 127;
  }
  uid_t uid = (uid_t)strtoul(argv[1], NULL, 10);
  gid_t gid = (gid_t)strtoul(argv[2], NULL, 10);
  rlim_t cpu = strtoull(argv[3], NULL, 10);
  rlim_t fsize = strtoull(argv[4], NULL, 10);
  rlim_t stack = strtoull(argv[5], NULL, 10);
  // Soft CPU limit sends SIGXCPU, the hard one a second later SIGKILL.
  if (set(RLIMIT_CPU, cpu, cpu + 1) || set(RLIMIT_FSIZE, fsize, fsize) ||
      set(RLIMIT_STACK, stack, stack) || set(RLIMIT_CORE, 0, 0)) {
    perror("setrlimit");
    return 127;
  }
  // Group first, while still privileged; then the uid, for good (real, effective and saved).
  if (setgroups(0, NULL) || setresgid(gid, gid, gid) || setresuid(uid, uid, uid)) {
    perror("dropping privileges");
    return 127;
  }
  if (getuid() == 0 && uid != 0) return 127;
  // Fds the judge inherited without CLOEXEC must not reach the sandbox.
  if (close_range(9, ~0U, 0) < 0)
    for (int fd = 9; fd < 1024; fd++) close(fd);
  execv(argv[6], argv + 6);
  perror(argv[6]);
  return 127;
}
