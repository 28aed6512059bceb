// The sandbox's pid 1 when one sandbox serves every test of a submission (a session, see
// docs/sandbox.md "One sandbox per submission"). It replaces the exec gate: bwrap runs it with
// --as-pid-1 as /proc/self/fd/4; it makes itself non-dumpable, says 'r' on the control socket
// (fd 5) and waits for 'g' (the judge has moved it into the session's cgroups). Then, for each
// test the judge asks for, it:
//   1. forks the program's process: stdin the test's input (opened read-only from /in), stdout
//      and stderr fresh pipes to the runner, rlimits (CPU, FSIZE, CORE), every other fd closed;
//   2. relays the program's stdout (fd 7) and stderr (fd 8) to the judge, counting: past the
//      output cap everything is killed; stderr past its cap is dropped;
//   3. kills everything when the wall clock runs out or the judge says 'k' (its CPU watch);
//   4. once the program ends: kill(-1, SIGKILL) — as pid 1 it reaches every other process of the
//      namespace — until no child is left, then drains the pipes;
//   5. wipes every writable place — /work, /tmp, /dev/shm, SysV IPC objects — and rebuilds
//      /work as a mirror of the pristine program at /prog (read-only): directories recreated,
//      files as symbolic links into /prog, so the program cannot change what the next test
//      runs;
//   6. reports the raw wait status, the flags, the bytes relayed, the wall time and its own CPU
//      time so far ('S' + 40 bytes), and waits: the judge reads the cgroup's counters while the
//      runner is idle, charges the test the cgroup's CPU minus the runner's, and resets them
//      before the next test.
// Commands on fd 5: "T<name>\n" runs a test on /in/<name>; 'k' kills the running test; EOF ends
// the session (everything is killed, the runner exits). The first wipe, before any test, is
// reported as 'w' + the runner's CPU time. A wipe that fails is reported as 'e' + a line (after
// the test's 'S', flagged); the runner then exits and the judge stops using the session.
// Usage: session-runner CPU-SECONDS FSIZE-BYTES OUTPUT-BYTES STDERR-BYTES WALL-MS -- PROGRAM [ARGS...]
// Static, no signal handlers (so no signal from inside the namespace reaches it), non-dumpable.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/ipc.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#define CONTROL 5
#define OUT 7
#define ERR 8
#define FLAG_WALL 1
#define FLAG_OUTPUT 2
#define FLAG_KILLED 4
#define FLAG_NO_INPUT 8
#define FLAG_ENDED 16
#define FLAG_WIPE_FAILED 32

static unsigned long long cpu_seconds, fsize_bytes, output_cap, stderr_cap, wall_ms;
static char **program;
static unsigned wipe_counter;
static char wipe_problem[512];

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int set_limit(int resource, rlim_t soft, rlim_t hard) {
  struct rlimit rl = {soft, hard};
  return setrlimit(resource, &rl);
}

static int write_all(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

static void problem(const char *what, const char *name) {
  if (wipe_problem[0]) return;
  snprintf(wipe_problem, sizeof wipe_problem, "%s %s: %s", what, name, strerror(errno));
  // Names are the program's: nothing in them may break the line the judge reads.
  for (char *p = wipe_problem; *p; p++)
    if ((unsigned char)*p < 0x20 || (unsigned char)*p == 0x7f) *p = '?';
}

// Closing a unix socket runs the kernel's garbage collection of file descriptors in flight
// (sent over a socket nobody can receive from any more): a program can park its own pipes and
// files there so that they outlive it.
static void collect_in_flight(void) {
  int sv[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0) {
    close(sv[0]);
    close(sv[1]);
  }
}

// Blocks used on a tmpfs: 0 once everything on it is freed.
static long used_blocks(const char *path) {
  struct statfs fs;
  return statfs(path, &fs) == 0 ? (long)(fs.f_blocks - fs.f_bfree) : -1;
}

// ---- the wipe -------------------------------------------------------------------------------

// Removes every entry of the directory `dirfd` with two fds at most, whatever the depth: a
// non-empty subdirectory has its entries moved up into `dirfd` (new unique names), then goes.
// The program ran as our uid, so its modes and ACLs cannot keep us out: we own every entry.
static int empty_dir(int dirfd) {
  for (int pass = 0;; pass++) {
    int again = 0;
    int copy = dup(dirfd);
    if (copy < 0) return -1;
    DIR *d = fdopendir(copy);
    if (!d) {
      close(copy);
      return -1;
    }
    rewinddir(d);
    struct dirent *e;
    while ((e = readdir(d))) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      again = 1;
      if (unlinkat(dirfd, e->d_name, 0) == 0) continue;
      if (errno != EISDIR && errno != EPERM) {
        problem("cannot remove", e->d_name);
        closedir(d);
        return -1;
      }
      if (unlinkat(dirfd, e->d_name, AT_REMOVEDIR) == 0) continue;
      fchmodat(dirfd, e->d_name, 0700, 0);
      int sub = openat(dirfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub < 0) {
        problem("cannot open", e->d_name);
        closedir(d);
        return -1;
      }
      DIR *sd = fdopendir(sub);
      if (!sd) {
        close(sub);
        closedir(d);
        return -1;
      }
      struct dirent *c;
      while ((c = readdir(sd))) {
        if (!strcmp(c->d_name, ".") || !strcmp(c->d_name, "..")) continue;
        // Moving a folder to another parent rewrites its '..': it must be writable.
        if (c->d_type == DT_DIR || c->d_type == DT_UNKNOWN) fchmodat(sub, c->d_name, 0700, 0);
        char fresh[32];
        for (;;) {
          snprintf(fresh, sizeof fresh, ".wipe-%u", ++wipe_counter);
          if (renameat2(sub, c->d_name, dirfd, fresh, RENAME_NOREPLACE) == 0) break;
          if (errno != EEXIST) {
            problem("cannot move", c->d_name);
            closedir(sd);
            closedir(d);
            return -1;
          }
        }
      }
      closedir(sd);
      if (unlinkat(dirfd, e->d_name, AT_REMOVEDIR) != 0 && errno != ENOTEMPTY) {
        problem("cannot remove the folder", e->d_name);
        closedir(d);
        return -1;
      }
    }
    closedir(d);
    if (!again) return 0;
    if (pass > 1000000) return -1;
  }
}

// The root of a writable mount back to its first mode, without ACLs or xattrs, and empty.
static int wipe_root(const char *path, mode_t mode) {
  int fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    if (fchmodat(AT_FDCWD, path, mode, 0) == 0) fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
      problem("cannot open", path);
      return -1;
    }
  }
  int rc = 0;
  if (fchmod(fd, mode) != 0) {
    problem("cannot reset the mode of", path);
    rc = -1;
  }
  // Nothing of the root's own metadata carries over either: inode flags cleared, times now.
  int no_flags = 0;
  ioctl(fd, FS_IOC_SETFLAGS, &no_flags);
  if (futimens(fd, NULL) != 0) {
    problem("cannot reset the times of", path);
    rc = -1;
  }
  char names[4096];
  ssize_t n = flistxattr(fd, names, sizeof names);
  for (ssize_t i = 0; i < n; i += (ssize_t)strlen(names + i) + 1) {
    if (fremovexattr(fd, names + i) != 0 && errno != ENODATA) {
      problem("cannot remove an attribute of", path);
      rc = -1;
    }
  }
  if (n < 0 && errno == ERANGE) {
    problem("too many attributes on", path);
    rc = -1;
  }
  if (rc == 0 && empty_dir(fd) != 0) {
    problem("cannot empty", path);
    rc = -1;
  }
  close(fd);
  return rc;
}

// Objects of one kind in the namespace's IPC tables, asked without reading /proc (3 system calls
// for all three kinds instead of ~45 µs of /proc reads after every test); -1 when it cannot tell.
static int ipc_in_use(int table) {
  if (table == 0) {
    struct shm_info info;
    return shmctl(0, SHM_INFO, (struct shmid_ds *)&info) < 0 ? -1 : info.used_ids;
  }
  if (table == 1) {
    struct seminfo info;
    return semctl(0, 0, SEM_INFO, &info) < 0 ? -1 : info.semusz;
  }
  struct msginfo info;
  return msgctl(0, MSG_INFO, (struct msqid_ds *)&info) < 0 ? -1 : info.msgpool;
}

// Every SysV IPC object of the namespace (they outlive their processes): /proc/sysvipc lists them.
static void wipe_ipc(void) {
  static const char *const tables[] = {"/proc/sysvipc/shm", "/proc/sysvipc/sem", "/proc/sysvipc/msg"};
  for (int t = 0; t < 3; t++) {
    if (ipc_in_use(t) == 0) continue;
    FILE *f = fopen(tables[t], "re");
    if (!f) continue;
    char line[512];
    if (!fgets(line, sizeof line, f)) {
      fclose(f);
      continue;
    }
    int key, id;
    while (fgets(line, sizeof line, f)) {
      if (sscanf(line, "%d %d", &key, &id) != 2) continue;
      if (t == 0) shmctl(id, IPC_RMID, NULL);
      else if (t == 1) semctl(id, 0, IPC_RMID);
      else msgctl(id, IPC_RMID, NULL);
    }
    fclose(f);
  }
}

// /work as the pristine program: directories made, files linked to /prog/<path>.
static int mirror(int from, int to, char *path, size_t len, int depth) {
  if (depth > 64) return -1;
  int copy = dup(from);
  DIR *d = copy < 0 ? NULL : fdopendir(copy);
  if (!d) {
    if (copy >= 0) close(copy);
    return -1;
  }
  struct dirent *e;
  int rc = 0;
  while (rc == 0 && (e = readdir(d))) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    size_t n = strlen(e->d_name);
    if (len + 1 + n + 1 > PATH_MAX) {
      rc = -1;
      break;
    }
    path[len] = '/';
    memcpy(path + len + 1, e->d_name, n + 1);
    struct stat st;
    if (fstatat(from, e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
      rc = -1;
    } else if (S_ISDIR(st.st_mode)) {
      int sub_from = openat(from, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      int sub_to = -1;
      if (sub_from >= 0 && mkdirat(to, e->d_name, 0755) == 0)
        sub_to = openat(to, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      rc = sub_from >= 0 && sub_to >= 0 ? mirror(sub_from, sub_to, path, len + 1 + n, depth + 1) : -1;
      if (sub_from >= 0) close(sub_from);
      if (sub_to >= 0) close(sub_to);
    } else {
      char target[PATH_MAX + 8];
      snprintf(target, sizeof target, "/prog%s", path);
      rc = symlinkat(target, to, e->d_name);
    }
    path[len] = 0;
  }
  closedir(d);
  return rc;
}

static mode_t work_mode, tmp_mode, shm_mode;

// Everything a test could leave for the next one, gone; /work the pristine program again.
static int wipe(void) {
  wipe_problem[0] = 0;
  int rc = 0;
  if (wipe_root("/work", work_mode) != 0) rc = -1;
  if (wipe_root("/tmp", tmp_mode) != 0) rc = -1;
  if (wipe_root("/dev/shm", shm_mode) != 0) rc = -1;
  wipe_ipc();
  // A file held only in flight is freed by the collection (asynchronous): wait for it, a bounded
  // time, so that nothing of test k is still charged to or visible in test k+1.
  for (int i = 0; rc == 0; i++) {
    long used = used_blocks("/work") + used_blocks("/tmp") + used_blocks("/dev/shm");
    if (used == 0) break;
    if (i == 1000) {
      errno = EBUSY;
      problem("space still in use after the wipe on", "/work, /tmp or /dev/shm");
      rc = -1;
      break;
    }
    collect_in_flight();
    usleep(1000);
  }
  if (rc == 0) {
    int from = open("/prog", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int to = open("/work", O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    char path[PATH_MAX + 1] = "";
    if (from < 0 || to < 0 || mirror(from, to, path, 0, 0) != 0) {
      problem("cannot rebuild /work from", "/prog");
      rc = -1;
    }
    if (from >= 0) close(from);
    if (to >= 0) close(to);
  }
  return rc;
}

// The CPU time this process (the runner alone, not its children) has used, ns. The judge
// subtracts the runner's share from the cgroup's counter, so a test is charged its own processes'
// CPU only, never the runner's relaying, reaping or wiping.
static uint64_t runner_cpu_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static void report_wipe_problem(void) {
  char line[600];
  int n = snprintf(line, sizeof line, "e%s\n", wipe_problem[0] ? wipe_problem : "the wipe failed");
  write_all(CONTROL, line, (size_t)n);
}

// The first wipe, before any test: 'w' and the runner's CPU time (uint64), or 'e' and a line.
static int report_first_wipe(void) {
  if (wipe() != 0) {
    report_wipe_problem();
    return -1;
  }
  unsigned char msg[9] = {'w'};
  uint64_t cpu = runner_cpu_ns();
  memcpy(msg + 1, &cpu, 8);
  return write_all(CONTROL, msg, sizeof msg);
}

// ---- one test ---------------------------------------------------------------------------------

struct stream {
  int fd; // read end of the program's pipe, -1 once at EOF
  int to; // where it is relayed
  unsigned long long cap, relayed;
  int counts_for_output; // over the cap: everything is killed (stdout); else dropped (stderr)
};

static void kill_all(void) { kill(-1, SIGKILL); }

// Moves what the pipe has (blocking only on the judge's side); returns 0 at EOF.
static ssize_t relay(struct stream *s, int *flags) {
  static char sink[65536];
  unsigned long long room = s->relayed <= s->cap ? s->cap - s->relayed + 1 : 0;
  if (room == 0) {
    ssize_t r = read(s->fd, sink, sizeof sink);
    return r;
  }
  size_t want = room < sizeof sink ? (size_t)room : sizeof sink;
  ssize_t r = splice(s->fd, NULL, s->to, NULL, want, SPLICE_F_MOVE);
  if (r < 0 && errno == EINVAL) {
    r = read(s->fd, sink, want);
    if (r > 0 && write_all(s->to, sink, (size_t)r) != 0) r = -1;
  }
  if (r > 0) {
    s->relayed += (unsigned long long)r;
    if (s->relayed > s->cap) {
      if (s->counts_for_output) {
        *flags |= FLAG_OUTPUT;
        kill_all();
      }
    }
  }
  return r;
}

// The program's process: vfork, so no copy of the runner's page tables and no copy-on-write
// faults are charged to the test; the child only makes system calls before it execs. A function
// of its own, so that nothing of run_test's state lives in registers the child could clobber.
static pid_t __attribute__((noinline)) start_program(int input, int out, int err) {
  pid_t child = vfork();
  if (child == 0) {
    if (dup2(input, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) _exit(127);
    if (close_range(3, ~0U, 0) < 0)
      for (int fd = 3; fd < 1024; fd++) close(fd);
    if (set_limit(RLIMIT_CPU, cpu_seconds, cpu_seconds + 1) || set_limit(RLIMIT_FSIZE, fsize_bytes, fsize_bytes) ||
        set_limit(RLIMIT_CORE, 0, 0))
      _exit(127);
    execvp(program[0], program);
    int e = errno;
    dprintf(2, "sandbox: cannot execute %s: %s\n", program[0], strerror(e));
    _exit(e == ENOENT ? 127 : 126);
  }
  return child;
}

static int run_test(const char *name, int *ended) {
  int flags = 0, status = 0;
  struct stream out = {-1, OUT, output_cap, 0, 1}, err = {-1, ERR, stderr_cap, 0, 0};
  long long started = now_ns(), finished = started;
  int po[2], pe[2];
  int input = -1;
  if (strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..") || !*name) {
    errno = EINVAL;
  } else {
    // O_PATH: /in cannot be listed (mode 0711); each input is opened by its name.
    int in_dir = open("/in", O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (in_dir >= 0) {
      input = openat(in_dir, name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
      close(in_dir);
    }
  }
  if (input < 0 || pipe2(po, O_CLOEXEC) != 0 || pipe2(pe, O_CLOEXEC) != 0) {
    if (input >= 0) close(input);
    flags |= FLAG_NO_INPUT;
    goto report;
  }
  started = now_ns();
  pid_t child = start_program(input, po[1], pe[1]);
  close(input);
  close(po[1]);
  close(pe[1]);
  out.fd = po[0];
  err.fd = pe[0];
  if (child < 0) {
    // RE (exit 127) with the reason on stderr, counted as relayed (the judge reads exactly that
    // many bytes for this test), and a wall time of 0: 'finished' was set before 'started'.
    int written = dprintf(ERR, "sandbox: cannot start the program: %s\n", strerror(errno));
    if (written > 0) err.relayed += (unsigned long long)written;
    close(po[0]);
    close(pe[0]);
    status = 127 << 8;
    flags |= FLAG_ENDED;
    finished = started;
    goto report;
  }
  int pidfd = (int)syscall(SYS_pidfd_open, child, 0);
  long long deadline = started + (long long)wall_ms * 1000000LL;
  int running = 1, control_open = 1;
  while (running || out.fd >= 0 || err.fd >= 0) {
    struct pollfd p[4];
    int n = 0, i_child = -1, i_out = -1, i_err = -1, i_ctl = -1;
    if (running && pidfd >= 0) i_child = n, p[n++] = (struct pollfd){pidfd, POLLIN, 0};
    if (out.fd >= 0) i_out = n, p[n++] = (struct pollfd){out.fd, POLLIN, 0};
    if (err.fd >= 0) i_err = n, p[n++] = (struct pollfd){err.fd, POLLIN, 0};
    if (running && control_open) i_ctl = n, p[n++] = (struct pollfd){CONTROL, POLLIN, 0};
    int timeout = -1;
    if (running) {
      long long left = deadline - now_ns();
      timeout = left <= 0 ? 0 : (int)(left / 1000000LL) + 1;
      if (pidfd < 0 && timeout > 5) timeout = 5; // no pidfd: look for the child every 5 ms
    }
    int ready = poll(p, (nfds_t)n, timeout);
    if (ready < 0 && errno != EINTR) break;
    if (running && now_ns() >= deadline && !(flags & FLAG_WALL)) {
      flags |= FLAG_WALL;
      kill_all();
    }
    if (ready <= 0) {
      if (running && pidfd < 0 && waitpid(child, &status, WNOHANG) == child) goto ended;
      continue;
    }
    if (i_ctl >= 0 && p[i_ctl].revents) {
      char c = 0;
      ssize_t r = read(CONTROL, &c, 1);
      if (r <= 0) control_open = 0, *ended = 1;
      if (r == 1 && c == 'k') flags |= FLAG_KILLED;
      if (r <= 0 || c == 'k') kill_all();
    }
    if (i_out >= 0 && p[i_out].revents && relay(&out, &flags) <= 0) close(out.fd), out.fd = -1;
    if (i_err >= 0 && p[i_err].revents && relay(&err, &flags) <= 0) close(err.fd), err.fd = -1;
    if (i_child >= 0 && p[i_child].revents) {
      if (waitpid(child, &status, 0) != child) status = 127 << 8;
    ended:
      finished = now_ns();
      running = 0;
      flags |= FLAG_ENDED;
      // Nothing of the test outlives it: every process left is killed and reaped (as pid 1
      // every orphan is ours) before the pipes are drained and the test is reported.
      for (;;) {
        kill_all();
        if (waitpid(-1, NULL, 0) < 0 && errno == ECHILD) break;
      }
      // Every writer is dead, but a pipe's write end parked in flight would keep EOF away:
      // collect it, and drain what is in the pipes without waiting for EOF.
      collect_in_flight();
      if (out.fd >= 0) fcntl(out.fd, F_SETFL, O_NONBLOCK);
      if (err.fd >= 0) fcntl(err.fd, F_SETFL, O_NONBLOCK);
      while (out.fd >= 0 && relay(&out, &flags) > 0) {
      }
      while (err.fd >= 0 && relay(&err, &flags) > 0) {
      }
      break;
    }
  }
  if (pidfd >= 0) close(pidfd);
  if (out.fd >= 0) close(out.fd);
  if (err.fd >= 0) close(err.fd);
report:;
  if (!(flags & FLAG_ENDED)) finished = now_ns();
  // The sandbox back to the pristine program before the report (unless the session is ending):
  // when the judge reads the figures, the runner is idle, its CPU time up to now in the report.
  int wipe_failed = !*ended && wipe() != 0;
  if (wipe_failed) flags |= FLAG_WIPE_FAILED;
  unsigned char msg[41];
  int32_t st = status;
  uint32_t fl = (uint32_t)flags;
  uint64_t ob = out.relayed, eb = err.relayed, wall = (uint64_t)(finished - started);
  msg[0] = 'S';
  memcpy(msg + 1, &st, 4);
  memcpy(msg + 5, &fl, 4);
  memcpy(msg + 9, &ob, 8);
  memcpy(msg + 17, &eb, 8);
  memcpy(msg + 25, &wall, 8);
  uint64_t cpu = runner_cpu_ns();
  memcpy(msg + 33, &cpu, 8);
  if (write_all(CONTROL, msg, sizeof msg) != 0) return -1;
  if (wipe_failed) {
    report_wipe_problem();
    return -2;
  }
  return 0;
}

static mode_t mode_of(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 ? st.st_mode & 07777 : 0755;
}

int main(int argc, char **argv) {
  char c = 'r';
  if (argc < 8 || strcmp(argv[6], "--")) return 127;
  if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) != 0) return 127;
  cpu_seconds = strtoull(argv[1], NULL, 10);
  fsize_bytes = strtoull(argv[2], NULL, 10);
  output_cap = strtoull(argv[3], NULL, 10);
  stderr_cap = strtoull(argv[4], NULL, 10);
  wall_ms = strtoull(argv[5], NULL, 10);
  program = argv + 7;
  // No SIGPIPE handling: as the namespace's init, signals with the default action that come
  // from the kernel or from inside (a judge that went away: EPIPE) never reach it, and a
  // disposition of SIG_IGN would be inherited by the programs.
  work_mode = mode_of("/work");
  tmp_mode = mode_of("/tmp");
  shm_mode = mode_of("/dev/shm");
  if (write_all(CONTROL, &c, 1) != 0) return 127;
  // EOF or anything but 'g': the judge gave up on this session; nothing starts.
  if (read(CONTROL, &c, 1) != 1 || c != 'g') return 127;
  // A session of its own: the launcher's process group also holds bwrap's monitor.
  if (setsid() < 0) return 127;
  // Only what the relay and the protocol need stays open.
  for (int fd = 0; fd < 3; fd++) close(fd);
  close(3);
  close(4);
  close(6);
  if (close_range(9, ~0U, 0) < 0)
    for (int fd = 9; fd < 1024; fd++) close(fd);
  if (report_first_wipe() != 0) return 126;
  char line[4096];
  for (;;) {
    size_t len = 0;
    for (;;) {
      ssize_t r = read(CONTROL, line + len, 1);
      if (r <= 0) return 0; // the judge ended the session
      if (len == 0 && line[0] == 'k') continue; // a kill that came after its test ended
      if (line[len] == '\n') break;
      if (++len == sizeof line) return 126;
    }
    line[len] = 0;
    if (line[0] != 'T') return 126;
    int ended = 0;
    int rc = run_test(line + 1, &ended);
    if (rc == -2) return 126;
    if (rc != 0 || ended) return 0;
  }
}
