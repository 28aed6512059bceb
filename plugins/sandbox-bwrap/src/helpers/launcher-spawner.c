// Started once per backend by the judge (spawner.ts), as root: forks and execs the launchers
// (rlimit-exec) on request, so the judge, a ~100 MB Node process, is never forked per run.
//
// fd 0: requests from the judge, each a decimal byte count, '\n', then that many bytes of
//   NUL-terminated fields:
//   S ID KEEP CWD FD0 ... FD8 ARGC ARGV... ENVC ENV...   start a process (ID: digits)
//     FDn, what the process gets as fd n: "n" /dev/null; "f" + path, a file opened read-only
//     here; "p" a new Unix stream socket pair, whose other end goes to the judge; "k" ID "." N,
//     the judge's end of fd N of process ID, kept here because that start said KEEP "1" (an
//     interactive run joins the program's stdio to the validator's). Kept ends are closed once a
//     start has used them, or when their process exits.
//   K ID SIGNAL   signal the process if it has not been reaped (no pid is ever reused under it).
// fd 3: Node's IPC channel (JSON lines). We write:
//   {"ready":1} once set up;
//   a NODE_HANDLE message carrying one judge's end (SCM_RIGHTS), as Node's own child.send()
//   does: Node makes a net.Socket of it and emits 'message' with {"spawn":ID,"fd":N};
//   {"spawn":ID,"pid":PID} after the fork (after every end of that start);
//   {"spawn":ID,"status":WAIT-STATUS} once reaped; {"spawn":ID,"error":"..."} when it failed.
//   What Node writes back (handle acknowledgements) is read and dropped.
// Nothing of ours reaches a started process: every fd is close-on-exec, the child gets exactly
// fds 0-8, signal dispositions and mask back to defaults, a new session. The spawner dies with
// the judge (parent-death signal, EOF on fd 0 or 3); its launchers then get their own
// parent-death signal (SIGTERM) and end their runs. Not dumpable.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define REQUEST_FD 0
#define CHANNEL_FD 3
#define CHILD_FDS 9
#define MAX_REQUEST (4 << 20)
#define MAX_FIELDS 65536
#define MAX_PROCS 4096

struct proc {
  char id[24];
  pid_t pid;            // 0: free slot
  int kept[CHILD_FDS];  // the judge's ends, kept for a later start; -1 when none
};

static struct proc procs[MAX_PROCS];

static void put_all(const char *buf, size_t n) {
  while (n > 0) {
    ssize_t w = write(CHANNEL_FD, buf, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) _exit(0);  // the judge is gone
    buf += w;
    n -= (size_t)w;
  }
}

static void message(const char *fmt, const char *id, long value) {
  char buf[128];
  int n = snprintf(buf, sizeof buf, fmt, id, value);
  put_all(buf, (size_t)n);
}

static void failure(const char *id, const char *what) {
  char text[256];
  snprintf(text, sizeof text, "%s: %s", what, strerror(errno));
  // Paths come from the judge: keep the JSON string valid whatever they hold.
  for (char *c = text; *c; c++)
    if (*c == '"' || *c == '\\' || (unsigned char)*c < 0x20) *c = '?';
  char buf[320];
  int n = snprintf(buf, sizeof buf, "{\"spawn\":%s,\"error\":\"%s\"}\n", id, text);
  put_all(buf, (size_t)n);
}

// One end of a pair to the judge, in the framing of Node's child.send(message, socket).
static void send_end(const char *id, int target, int fd) {
  char buf[160];
  int n = snprintf(buf, sizeof buf,
                   "{\"cmd\":\"NODE_HANDLE\",\"type\":\"net.Socket\",\"msg\":{\"spawn\":%s,\"fd\":%d},\"key\":null}\n", id,
                   target);
  char control[CMSG_SPACE(sizeof(int))];
  memset(control, 0, sizeof control);
  struct iovec iov = {buf, (size_t)n};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
  struct cmsghdr *cmsg = CMSG_FIRSTHDR(&msg);
  cmsg->cmsg_level = SOL_SOCKET;
  cmsg->cmsg_type = SCM_RIGHTS;
  cmsg->cmsg_len = CMSG_LEN(sizeof(int));
  memcpy(CMSG_DATA(cmsg), &fd, sizeof(int));
  ssize_t w;
  do w = sendmsg(CHANNEL_FD, &msg, MSG_NOSIGNAL);
  while (w < 0 && errno == EINTR);
  if (w <= 0) _exit(0);
  if (w < n) put_all(buf + w, (size_t)(n - w));
}

static struct proc *find(const char *id) {
  for (int i = 0; i < MAX_PROCS; i++)
    if (procs[i].pid > 0 && strcmp(procs[i].id, id) == 0) return &procs[i];
  return NULL;
}

static void drop_kept(struct proc *p) {
  for (int i = 0; i < CHILD_FDS; i++)
    if (p->kept[i] >= 0) {
      close(p->kept[i]);
      p->kept[i] = -1;
    }
}

static int valid_id(const char *id) {
  size_t n = strlen(id);
  return n > 0 && n < sizeof procs[0].id && strspn(id, "0123456789") == n;
}

static void start(char **field, size_t count) {
  // S ID KEEP CWD FD0..FD8 ARGC ...
  if (count < 2 || !valid_id(field[1])) return;
  const char *id = field[1];
  errno = EINVAL;
  if (count < 4 + CHILD_FDS + 2) {
    failure(id, "malformed request");
    return;
  }
  int keep = strcmp(field[2], "1") == 0;
  const char *cwd = field[3];
  char **spec = field + 4;
  // Counts are checked against what is left, never added first: a count near SIZE_MAX ("-1"
  // parses as one) wrapped the sums below and calloc(0) made a heap overflow of the copies.
  size_t at = 5 + CHILD_FDS;  // count > at here
  size_t argc = strtoul(field[4 + CHILD_FDS], NULL, 10);
  if (argc == 0 || argc >= count - at) {
    failure(id, "malformed request");
    return;
  }
  char **argv = field + at;
  size_t envc = strtoul(field[at + argc], NULL, 10);
  if (envc > count - (at + argc + 1)) {
    failure(id, "malformed request");
    return;
  }
  char **envp = field + at + argc + 1;
  // argv and envp must end with NULL: their terminating slots are the next fields, copied first.
  char **args = calloc(argc + 1, sizeof *args), **envs = calloc(envc + 1, sizeof *envs);
  struct proc *slot = NULL;
  for (int i = 0; i < MAX_PROCS && !slot; i++)
    if (procs[i].pid == 0) slot = &procs[i];
  if (!args || !envs || !slot || find(id)) {
    errno = slot ? EEXIST : EAGAIN;
    failure(id, "cannot start");
    free(args);
    free(envs);
    return;
  }
  memcpy(args, argv, argc * sizeof *args);
  memcpy(envs, envp, envc * sizeof *envs);

  int child_fd[CHILD_FDS], judge_fd[CHILD_FDS];
  struct proc *used[CHILD_FDS];
  int ok = 1;
  for (int i = 0; i < CHILD_FDS; i++) child_fd[i] = judge_fd[i] = -1, used[i] = NULL;
  for (int i = 0; i < CHILD_FDS && ok; i++) {
    const char *s = spec[i];
    if (s[0] == 'n' || s[0] == 'f') {
      child_fd[i] = open(s[0] == 'n' ? "/dev/null" : s + 1, (s[0] == 'n' ? O_RDWR : O_RDONLY) | O_CLOEXEC);
      if (child_fd[i] < 0) failure(id, s[0] == 'n' ? "/dev/null" : s + 1), ok = 0;
    } else if (s[0] == 'p') {
      int pair[2];
      if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0) {
        failure(id, "socketpair");
        ok = 0;
      } else {
        judge_fd[i] = pair[0];
        child_fd[i] = pair[1];
      }
    } else if (s[0] == 'k') {
      char *dot = strchr(s + 1, '.');
      int n = dot && dot[1] >= '0' && dot[1] <= '9' && dot[2] == 0 ? dot[1] - '0' : -1;
      if (dot) *dot = 0;
      struct proc *from = valid_id(s + 1) ? find(s + 1) : NULL;
      if (!from || n < 0 || n >= CHILD_FDS || from->kept[n] < 0) {
        errno = ENOENT;
        failure(id, "no kept end");
        ok = 0;
      } else {
        child_fd[i] = from->kept[n];
        used[i] = from;
      }
    } else {
      errno = EINVAL;
      failure(id, "fd spec");
      ok = 0;
    }
  }
  if (ok) {
    for (int i = 0; i < CHILD_FDS; i++)
      if (judge_fd[i] >= 0) send_end(id, i, judge_fd[i]);
    // Reported once the exec has happened (EOF on this pipe) or failed (its errno), as libuv does.
    int exec_pipe[2] = {-1, -1};
    pid_t pid = pipe2(exec_pipe, O_CLOEXEC) < 0 ? -1 : fork();
    if (pid == 0) {
      sigset_t none;
      sigemptyset(&none);
      for (int sig = 1; sig < NSIG; sig++) signal(sig, SIG_DFL);
      sigprocmask(SIG_SETMASK, &none, NULL);
      if (setsid() < 0) _exit(127);
      // Above 8 first (close-on-exec), then onto 0-8: a source may sit on a target number.
      int high[CHILD_FDS];
      for (int i = 0; i < CHILD_FDS; i++)
        if ((high[i] = fcntl(child_fd[i], F_DUPFD_CLOEXEC, CHILD_FDS)) < 0) _exit(127);
      for (int i = 0; i < CHILD_FDS; i++)
        if (dup2(high[i], i) < 0) _exit(127);
      if (chdir(cwd) == 0) execve(args[0], args, envs);
      int err = errno;
      ssize_t ignored = write(exec_pipe[1], &err, sizeof err);
      (void)ignored;
      _exit(127);
    }
    int exec_errno = 0;
    if (pid > 0) {
      close(exec_pipe[1]);
      ssize_t r;
      do r = read(exec_pipe[0], &exec_errno, sizeof exec_errno);
      while (r < 0 && errno == EINTR);
      if (r != sizeof exec_errno) exec_errno = 0;
    }
    if (exec_pipe[0] >= 0) close(exec_pipe[0]);
    // A failed fork left both ends here: one leaked per failure, until the spawner had no fds.
    if (pid < 0 && exec_pipe[1] >= 0) close(exec_pipe[1]);
    if (pid < 0) {
      failure(id, "fork");
    } else if (exec_errno) {
      // The child is gone: reaped below (SIGCHLD) without a slot, so nothing is reported twice.
      errno = exec_errno;
      failure(id, args[0]);
      pid = -1;
    } else {
      memset(slot, 0, sizeof *slot);
      snprintf(slot->id, sizeof slot->id, "%s", id);
      slot->pid = pid;
      for (int i = 0; i < CHILD_FDS; i++) slot->kept[i] = -1;
    }
    for (int i = 0; i < CHILD_FDS; i++) {
      if (judge_fd[i] >= 0 && keep && pid > 0) slot->kept[i] = judge_fd[i];
      else if (judge_fd[i] >= 0) close(judge_fd[i]);
      judge_fd[i] = -1;
    }
    if (pid > 0) message("{\"spawn\":%s,\"pid\":%ld}\n", id, pid);
  }
  for (int i = 0; i < CHILD_FDS; i++) {
    if (judge_fd[i] >= 0) close(judge_fd[i]);
    if (child_fd[i] >= 0 && !used[i]) close(child_fd[i]);
  }
  for (int i = 0; i < CHILD_FDS; i++)
    if (used[i]) drop_kept(used[i]);
  free(args);
  free(envs);
}

static void signal_proc(char **field, size_t count) {
  if (count < 3) return;
  struct proc *p = valid_id(field[1]) ? find(field[1]) : NULL;
  int sig = atoi(field[2]);
  if (p && sig > 0 && sig < NSIG) kill(p->pid, sig);
}

static void reap(void) {
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    for (int i = 0; i < MAX_PROCS; i++) {
      if (procs[i].pid != pid) continue;
      drop_kept(&procs[i]);
      procs[i].pid = 0;
      message("{\"spawn\":%s,\"status\":%ld}\n", procs[i].id, status);
      break;
    }
  }
}

// Handles every complete request in buf[0..*len), keeping the incomplete rest.
static int handle_requests(char *buf, size_t *len) {
  static char *field[MAX_FIELDS + 1];
  size_t at = 0;
  for (;;) {
    char *nl = memchr(buf + at, '\n', *len - at);
    if (!nl) break;
    size_t size = strtoul(buf + at, NULL, 10);
    if (size == 0 || size > MAX_REQUEST) return -1;
    size_t body = (size_t)(nl - buf) + 1;
    if (*len < body + size) break;
    if (buf[body + size - 1] != 0) return -1;
    size_t count = 0;
    for (size_t i = body; i < body + size && count < MAX_FIELDS; i += strlen(buf + i) + 1) field[count++] = buf + i;
    if (count > 0 && strcmp(field[0], "S") == 0) start(field, count);
    else if (count > 0 && strcmp(field[0], "K") == 0) signal_proc(field, count);
    else return -1;
    at = body + size;
  }
  memmove(buf, buf + at, *len - at);
  *len -= at;
  return 0;
}

int main(int argc, char **argv) {
  // argv[1]: the judge's pid. Checked after the parent-death signal is set: it may be gone already.
  if (argc < 2 || prctl(PR_SET_PDEATHSIG, SIGKILL) || getppid() != (pid_t)atol(argv[1])) return 1;
  prctl(PR_SET_DUMPABLE, 0);
  for (int fd = 0; fd <= CHANNEL_FD; fd++) fcntl(fd, F_SETFD, FD_CLOEXEC);
  if (close_range(CHANNEL_FD + 1, ~0U, 0) < 0)
    for (int fd = CHANNEL_FD + 1; fd < 1024; fd++) close(fd);
  signal(SIGPIPE, SIG_IGN);
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  sigprocmask(SIG_BLOCK, &chld, NULL);
  int sigfd = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (sigfd < 0) return 1;
  for (int i = 0; i < MAX_PROCS; i++)
    for (int j = 0; j < CHILD_FDS; j++) procs[i].kept[j] = -1;
  put_all("{\"ready\":1}\n", 12);

  size_t cap = 1 << 16, len = 0;
  char *buf = malloc(cap);
  char drop[4096];
  if (!buf) return 1;
  for (;;) {
    struct pollfd fds[3] = {{REQUEST_FD, POLLIN, 0}, {CHANNEL_FD, POLLIN, 0}, {sigfd, POLLIN, 0}};
    if (poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      return 1;
    }
    if (fds[2].revents) {
      struct signalfd_siginfo info;
      while (read(sigfd, &info, sizeof info) > 0) {
      }
      reap();
    }
    if (fds[1].revents) {
      ssize_t r = read(CHANNEL_FD, drop, sizeof drop);
      if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN)) return 0;
    }
    if (fds[0].revents) {
      if (len == cap) {
        if (cap >= 2 * MAX_REQUEST) return 1;
        char *bigger = realloc(buf, cap *= 2);
        if (!bigger) return 1;
        buf = bigger;
      }
      ssize_t r = read(REQUEST_FD, buf + len, cap - len);
      if (r == 0 || (r < 0 && errno != EINTR && errno != EAGAIN)) return 0;
      if (r > 0) {
        len += (size_t)r;
        if (handle_requests(buf, &len) < 0) return 1;
      }
    }
  }
}
