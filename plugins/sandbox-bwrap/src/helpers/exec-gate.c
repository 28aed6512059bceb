// The sandbox's pid 1 (bwrap runs it with --as-pid-1, as /proc/self/fd/4, so it needs no mount).
// It makes itself non-dumpable, tells the judge it is ready on the control socket (fd 5) and
// waits until the judge has moved it into the run's cgroups and answers 'g'. Then it forks the
// program's process, which puts the program's stdio (fds 6-8) in place, closes every other fd
// and execs the program; the gate closes all its fds but the control socket and the program's
// stdin and stdout (it never uses them), reaps whatever the program leaves to it and, as soon as
// the program itself ends, writes its raw wait status (an int, 4 bytes) and the moment its
// waitpid returned (CLOCK_MONOTONIC in ns, 8 bytes: the same clock as the judge's
// process.hrtime, and bwrap makes no time namespace) on the control socket, and exits with it (128 + N for signal N): the kernel then kills every other process of the pid
// namespace. The judge trusts the status on the socket
// over the exit code, which a program exiting with 137 or 152 could otherwise make look like a
// signal.
//
// Why it is built this way (docs/sandbox.md, "pid 1"):
// - bwrap's own init ran as the program's uid outside the run's cgroups: a program could write
//   its /proc/1/mem and outlive the run. This pid 1 is ours, inside the cgroups (so the clean-up
//   kill reaches it), and non-dumpable: /proc/1/mem, /syscall, /environ, /fd and pidfd_getfd
//   are refused to the program although it runs as the same uid. It installs no signal
//   handler, so signals from inside the namespace do not reach it.
// - It starts a session of its own before the program: the program's process group holds only
//   the gate and the program's processes, not bwrap's monitor outside the namespace.
// - The program is pid 2, not pid 1: as the namespace's init it would ignore the signals it has
//   no handler for (abort()'s SIGABRT, SIGXCPU, SIGXFSZ, a kill of itself).
// Usage (inside the sandbox): exec-gate PROGRAM [ARGS...]
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

static void close_from(int first) {
  if (close_range(first, ~0U, 0) < 0)
    for (int fd = first; fd < 1024; fd++) close(fd);
}

int main(int argc, char **argv) {
  char c = 'r';
  if (argc < 2) return 127;
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return 127;
  if (write(5, &c, 1) != 1) return 127;
  // EOF or anything but 'g': the judge gave up on this run; the program never starts.
  if (read(5, &c, 1) != 1 || c != 'g') return 127;
  // A session of its own: the launcher's process group also holds bwrap's monitor (a host
  // process of the same uid), which kill(0, sig) from the program would otherwise reach.
  if (setsid() < 0) return 127;
  pid_t program = fork();
  if (program < 0) {
    dprintf(8, "sandbox: cannot start the program: %s\n", strerror(errno));
    return 127;
  }
  if (program == 0) {
    if (dup2(6, 0) < 0 || dup2(7, 1) < 0 || dup2(8, 2) < 0) _exit(127);
    close_from(3);
    execvp(argv[1], argv + 1);
    int err = errno;
    dprintf(2, "sandbox: cannot execute %s: %s\n", argv[1], strerror(err));
    _exit(err == ENOENT ? 127 : 126);
  }
  // The control socket stays ours, and so do the program's stdin and stdout until its status is
  // written: in an interactive run they are the other sandbox's pipes, which must not read EOF
  // (or EPIPE) and end before this side's end is reported, or who ended first would be a race.
  for (int fd = 0; fd < 5; fd++) close(fd);
  close_from(8);
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) return 127;
    if (pid != program) continue; // an orphan of the program's, reaped
    // When the program really ended: an interactive run's verdict depends on which side ended
    // first, and the judge sees the two reports only when its event loop gets to them.
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    struct { int32_t status; int64_t ended_ns; } __attribute__((packed)) report = {status, (int64_t)now.tv_sec * 1000000000 + now.tv_nsec};
    // A judge that gave up no longer reads it (EPIPE; SIGPIPE does not reach a pid 1).
    ssize_t written = write(5, &report, sizeof report);
    (void)written;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  }
}
