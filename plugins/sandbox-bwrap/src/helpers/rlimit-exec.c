// Started as root by the backend, ahead of the run it will serve (so forking the judge is off
// the run's critical path): waits for the run's request on fd 5, puts the program's stdin on
// fd 6 when the request names a file (or /dev/null), makes the program's stdio one-way (fds 6-8,
// when they are sockets), then forks the command (bwrap): the child
// sets the run's rlimits, drops to the sandbox user and execs it with the request's environment.
// The launcher stays, as root, a child subreaper: it reaps every process of the run that is
// orphaned on the host side (bwrap's sandbox process when bwrap is killed first), so nothing of a
// run is left as a zombie for a pid 1 that does not reap (a container whose pid 1 is node), and
// it exits with bwrap's status (128 + N for signal N) once every descendant is gone.
// SIGTERM (from the judge, or as its parent-death signal when the judge dies) kills bwrap, whose
// sandbox dies with it (--die-with-parent); the launcher still reaps everything before it exits.
// Request on fd 5: a decimal byte count and '\n', then that many bytes of NUL-terminated fields:
//   UID GID CPU-SECONDS FSIZE-BYTES STACK-BYTES STDIN PID1 ENV-COUNT ENV... COMMAND [ARGS...]
// STDIN: "P" keeps fd 6 as passed (a pipe the judge writes, or in an interactive run the other
// sandbox's stdout), "N" puts /dev/null there, "F" and a path a file opened here (as root, like
// the judge would). STACK-BYTES may be "unlimited": the stack is then bounded by the run's memory
// cgroup only, and threads get glibc's default stack of 2 MB, as under DOMjudge. PID1: "-" keeps fd 4 (the exec gate) as passed, else the path of the binary
// to put there instead (the session runner).
// EOF before a request: exit 127.
// Every fd above 8 is closed: only what the backend passes on (0-8, see run.ts) reaches bwrap.
// Limits set here are inherited through bwrap by the sandboxed program; RLIMIT_AS is never set
// because it breaks Java, Node and Go runtimes.
#define _GNU_SOURCE
#include <fcntl.h>
#include <errno.h>
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define REQUEST_FD 5
#define STDIN_FD 6
#define PID1_FD 4
#define MAX_REQUEST (4 << 20)
#define MAX_FIELDS 65536
// Open files per process, soft and hard, for programs, compilers and validators alike: the host's
// file table (fs.file-max) is shared by every process of the host, and at the old 20,000 a
// process, 128 processes of one run held 2.56 M files, over this host's 2.47 M, and every
// non-root process of the host got ENFILE (issue 27). With the run's pids limit (128 at most by
// default) a run holds at most 131,072.
#define MAX_OPEN_FILES 1024

static int set(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit rl = {soft, hard};
  return setrlimit(resource, &rl);
}

static volatile pid_t command_pid;
static volatile sig_atomic_t terminated;

static void kill_command(int sig) {
  (void)sig;
  terminated = 1;
  if (command_pid > 0) kill(command_pid, SIGKILL);
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
  pid_t judge = getppid();
  // The judge's death ends the run; everything the launcher forks is reaped by it.
  struct sigaction term = {0};
  term.sa_handler = kill_command;
  if (sigaction(SIGTERM, &term, NULL) || prctl(PR_SET_PDEATHSIG, SIGTERM) || getppid() != judge ||
      prctl(PR_SET_CHILD_SUBREAPER, 1))
    return 127;
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
  if (count < 9) return 127;
  uid_t uid = (uid_t)strtoul(field[0], NULL, 10);
  gid_t gid = (gid_t)strtoul(field[1], NULL, 10);
  rlim_t cpu = strtoull(field[2], NULL, 10);
  rlim_t fsize = strtoull(field[3], NULL, 10);
  rlim_t stack = strcmp(field[4], "unlimited") == 0 ? RLIM_INFINITY : strtoull(field[4], NULL, 10);
  const char *input = field[5];
  const char *pid1 = field[6];
  size_t envc = strtoul(field[7], NULL, 10);
  if (8 + envc >= count) return 127;
  char **envp = field + 8;
  char **command = field + 8 + envc;
  // envp must end with NULL: move the command one slot up (field[] has room for it).
  for (size_t i = count; i > 8 + envc; i--) field[i] = field[i - 1];
  field[8 + envc] = NULL;
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
  // The program's stdio blocks, as programs expect: in an interactive run fds 6 and 7 are the
  // judge's ends of the other sandbox's pipes, which libuv made non-blocking (the judge closed
  // its copies before sending the request).
  for (int fd = STDIN_FD; fd <= STDIN_FD + 2; fd++) {
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0 && (flags & O_NONBLOCK)) fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
  }
  // The program's stdio goes one way only. libuv's "pipes" are Unix stream socket pairs, which
  // are two-way: a program could write into its own stdin, into a queue nobody ever reads (in an
  // interactive run: the validator's stdout), and park there, with SCM_RIGHTS, its own stdout,
  // which then stayed open after the program ended: the validator never read EOF and ran to its
  // wall-clock limit (SE) (found by a hostile review; tests/sandbox/interactive.test.ts). Done
  // here, on the sockets themselves, before anything of the sandbox runs. A file or /dev/null on
  // stdin: ENOTSOCK, nothing to do. shutdown(SHUT_RD), which would make the writer's writes fail
  // (EPIPE), is denied to the program by the seccomp filter (helpers/seccomp-bpf.c).
  shutdown(STDIN_FD, SHUT_WR);
  shutdown(STDIN_FD + 1, SHUT_RD);
  shutdown(STDIN_FD + 2, SHUT_RD);
  if (strcmp(pid1, "-") != 0) {
    int fd = open(pid1, O_RDONLY | O_CLOEXEC);
    if (fd < 0 || dup2(fd, PID1_FD) < 0) {
      perror(pid1);
      return 127;
    }
    close(fd);
  }
  sigset_t all, previous;
  sigfillset(&all);
  sigprocmask(SIG_BLOCK, &all, &previous);
  pid_t launcher = getpid();
  pid_t child = fork();
  if (child < 0) {
    perror("fork");
    return 127;
  }
  if (child == 0) {
    signal(SIGTERM, SIG_DFL);
    sigprocmask(SIG_SETMASK, &previous, NULL);
    // Soft CPU limit sends SIGXCPU, the hard one a second later SIGKILL.
    if (set(RLIMIT_CPU, cpu, cpu + 1) || set(RLIMIT_FSIZE, fsize, fsize) ||
        set(RLIMIT_STACK, stack, stack) || set(RLIMIT_CORE, 0, 0) ||
        set(RLIMIT_NOFILE, MAX_OPEN_FILES, MAX_OPEN_FILES)) {
      perror("setrlimit");
      _exit(127);
    }
    // Group first, while still privileged; then the uid, for good (real, effective and saved).
    if (setgroups(0, NULL) || setresgid(gid, gid, gid) || setresuid(uid, uid, uid)) {
      perror("dropping privileges");
      _exit(127);
    }
    if (getuid() == 0) _exit(127);
    // Set after the uid change, which clears it: bwrap dies with its launcher.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != launcher) _exit(127);
    // Fds the judge inherited without CLOEXEC must not reach the sandbox.
    if (close_range(9, ~0U, 0) < 0)
      for (int fd = 9; fd < 1024; fd++) close(fd);
    execve(command[0], command, envp);
    perror(command[0]);
    _exit(127);
  }
  command_pid = child;
  sigprocmask(SIG_SETMASK, &previous, NULL);
  if (terminated) kill(child, SIGKILL); // told to stop before bwrap was started
  // The sandbox's fds belong to bwrap and the program now: the judge sees EOF when they end.
  for (int fd = 3; fd <= 8; fd++) close(fd);
  int result = 127;
  for (;;) {
    int status;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) break; // ECHILD: every descendant is gone
    if (pid != child) continue;
    if (WIFEXITED(status)) result = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) result = 128 + WTERMSIG(status);
    command_pid = 0;
  }
  return result;
}
