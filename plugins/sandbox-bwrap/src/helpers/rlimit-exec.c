// Started as root by the backend, ahead of the run it will serve (so forking the judge is off
// the run's critical path): waits for the run's request on fd 5, then sets the run's rlimits,
// puts the program's stdin on fd 6 when the request names a file (or /dev/null), drops to the
// sandbox user and execs the command (bwrap) with the request's environment.
// Request on fd 5: a decimal byte count and '\n', then that many bytes of NUL-terminated fields:
//   UID GID CPU-SECONDS FSIZE-BYTES STACK-BYTES STDIN ENV-COUNT ENV... COMMAND [ARGS...]
// STDIN: "P" keeps fd 6 as passed (a pipe the judge writes), "N" puts /dev/null there, "F" and
// a path a file opened here (as root, like the judge would). EOF before a request: exit 127.
// Every fd above 8 is closed: only what the backend passes on (0-8, see run.ts) reaches bwrap.
// Limits set here are inherited through bwrap by the sandboxed program; RLIMIT_AS is never set
// because it breaks Java, Node and Go runtimes.
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define REQUEST_FD 5
#define STDIN_FD 6
#define MAX_REQUEST (4 << 20)
#define MAX_FIELDS 65536

static int set(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit rl = {soft, hard};
  return setrlimit(resource, &rl);
}

// Reads exactly n bytes (the judge sends nothing more before the sandbox reports ready).
static int read_exactly(int fd, char *buf, size_t n) {
  size_t got = 0;
  while (got < n) {
    ssize_t r = read(fd, buf + got, n - got);
    if (r <= 0) return -1;
    got += (size_t)r;
  }
  return 0;
}

int main(void) {
  // The length line, one byte at a time (it must not read into the request's bytes).
  char line[32];
  size_t len = 0;
  for (;;) {
    if (len == sizeof line - 1 || read(REQUEST_FD, line + len, 1) != 1) return 127;
    if (line[len] == '\n') break;
    len++;
  }
  line[len] = 0;
  size_t size = strtoul(line, NULL, 10);
  if (size == 0 || size > MAX_REQUEST) return 127;
  char *request = malloc(size + 1);
  static char *field[MAX_FIELDS + 2];
  if (!request || read_exactly(REQUEST_FD, request, size) < 0) return 127;
  request[size] = 0;
  size_t count = 0;
  for (size_t i = 0; i < size && count < MAX_FIELDS; i += strlen(request + i) + 1) field[count++] = request + i;
  field[count] = NULL;
  if (count < 8) return 127;
  uid_t uid = (uid_t)strtoul(field[0], NULL, 10);
  gid_t gid = (gid_t)strtoul(field[1], NULL, 10);
  rlim_t cpu = strtoull(field[2], NULL, 10);
  rlim_t fsize = strtoull(field[3], NULL, 10);
  rlim_t stack = strtoull(field[4], NULL, 10);
  const char *input = field[5];
  size_t envc = strtoul(field[6], NULL, 10);
  if (7 + envc >= count) return 127;
  char **envp = field + 7;
  char **command = field + 7 + envc;
  // envp must end with NULL: move the command one slot up (field[] has room for it).
  for (size_t i = count; i > 7 + envc; i--) field[i] = field[i - 1];
  field[7 + envc] = NULL;
  field[count + 1] = NULL;
  command++;
  if (uid == 0 || gid == 0) return 127;
  if (input[0] == 'F' || input[0] == 'N') {
    const char *file = input[0] == 'F' ? input + 1 : "/dev/null";
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || dup2(fd, STDIN_FD) < 0) {
      perror(file);
      return 127;
    }
    close(fd);
  } else if (input[0] != 'P') {
    return 127;
  }
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
  if (getuid() == 0) return 127;
  // Fds the judge inherited without CLOEXEC must not reach the sandbox.
  if (close_range(9, ~0U, 0) < 0)
    for (int fd = 9; fd < 1024; fd++) close(fd);
  execve(command[0], command, envp);
  perror(command[0]);
  return 127;
}
