// The first image of the program's process inside the sandbox (bwrap execs it as
// /proc/self/fd/4, so it needs no mount). It tells the judge it is ready on the control socket
// (fd 5), waits until the judge has moved it into the run's cgroups and answers 'g', puts the
// program's stdio (fds 6-8) in place, closes every other fd and execs the program. So bwrap's
// set-up, its pid-1 init and the namespaces' teardown are never charged to the run, and the
// program's stdio is held by the program alone (bwrap keeps its own stdio).
// Usage (inside the sandbox): exec-gate PROGRAM [ARGS...]
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char c = 'r';
  if (argc < 2) return 127;
  if (write(5, &c, 1) != 1) return 127;
  // EOF or anything but 'g': the judge gave up on this run; the program never starts.
  if (read(5, &c, 1) != 1 || c != 'g') return 127;
  if (dup2(6, 0) < 0 || dup2(7, 1) < 0 || dup2(8, 2) < 0) return 127;
  if (close_range(3, ~0U, 0) < 0)
    for (int fd = 3; fd < 1024; fd++) close(fd);
  execvp(argv[1], argv + 1);
  int err = errno;
  dprintf(2, "sandbox: cannot execute %s: %s\n", argv[1], strerror(err));
  return err == ENOENT ? 127 : 126;
}
