// Writes the sandbox's seccomp deny list as a raw BPF program (for `bwrap --seccomp FD`).
// Usage: seccomp-bpf OUTPUT-FILE. Denied calls fail with an errno; everything else is allowed,
// so runtimes (threads, fork, JIT) keep working.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <seccomp.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

static const char *const denied[] = {
    "socket", "unshare", "setns", "mount", "umount", "umount2", "pivot_root", "chroot",
    "ptrace", "process_vm_readv", "process_vm_writev", "process_madvise", "pidfd_getfd", "kcmp", "kexec_load", "kexec_file_load",
    "reboot", "bpf", "perf_event_open", "keyctl", "add_key", "request_key", "init_module",
    "finit_module", "delete_module", "swapon", "swapoff", "acct", "quotactl", "syslog",
    "open_by_handle_at", "name_to_handle_at", "userfaultfd", "settimeofday", "clock_settime",
    "clock_adjtime", "adjtimex", "sethostname", "setdomainname", "iopl", "ioperm", "vhangup",
    "lookup_dcookie", "fanotify_init", "mount_setattr", "move_mount", "open_tree", "fsopen",
    "fsconfig", "fsmount", "fspick", "io_uring_setup", "io_uring_enter", "io_uring_register",
    "uselib", "ustat", "sysfs", "nfsservctl", "vm86", "vm86old", "create_module",
    "get_kernel_syms", "query_module",
    // POSIX message queues outlive their processes in the IPC namespace, and a session's runner
    // cannot list them to wipe them between tests (no mqueue mount): none at all.
    "mq_open",
    // Secret memory is taken out of the kernel's direct map and not reclaimable (issue 27).
    "memfd_secret",
};

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s OUTPUT-FILE\n", argv[0]);
    return 2;
  }
  scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
  if (!ctx) return 1;
  for (size_t i = 0; i < sizeof denied / sizeof denied[0]; i++) {
    int nr = seccomp_syscall_resolve_name(denied[i]);
    if (nr == __NR_SCMP_ERROR) continue; // not on this architecture
    if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 0) < 0) {
      fprintf(stderr, "cannot deny %s\n", denied[i]);
      return 1;
    }
  }
  // clone3 passes its flags in memory a filter cannot read: ENOSYS makes libc fall back to clone.
  int clone3 = seccomp_syscall_resolve_name("clone3");
  if (clone3 != __NR_SCMP_ERROR && seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), clone3, 0) < 0)
    return 1;
  // clone() must not create namespaces (unshare() is denied above): one rule per flag.
  static const unsigned long long each[] = {CLONE_NEWNS, CLONE_NEWUTS, CLONE_NEWIPC,
      CLONE_NEWUSER, CLONE_NEWPID, CLONE_NEWNET, CLONE_NEWCGROUP};
  for (size_t i = 0; i < sizeof each / sizeof each[0]; i++)
    if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                         SCMP_A0(SCMP_CMP_MASKED_EQ, each[i], each[i])) < 0)
      return 1;
  // Calls that act on another process and check only its uid: the session runner (pid 1) runs
  // as the program's uid, and a program lowered its RLIMIT_NPROC (every later test RE), stored
  // bytes in its soft rlimits (state across tests), and made it SCHED_IDLE and nice 19 so that it
  // could not act on a kill (issue 27). Refused on pid 1: in the sandbox's pid namespace every
  // other process is the program's own (Mono sets its threads' priorities by tid through
  // pthread_setschedparam). Reading (prlimit without a new limit, sched_get*) stays allowed.
  if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(prlimit64), 2, SCMP_A0(SCMP_CMP_EQ, 1), SCMP_A2(SCMP_CMP_NE, 0)) < 0)
    return 1;
  static const char *const on_pid[] = {"sched_setscheduler", "sched_setparam", "sched_setaffinity", "sched_setattr", "migrate_pages", "move_pages"};
  for (size_t i = 0; i < sizeof on_pid / sizeof on_pid[0]; i++) {
    int nr = seccomp_syscall_resolve_name(on_pid[i]);
    if (nr != __NR_SCMP_ERROR && seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), nr, 1, SCMP_A0(SCMP_CMP_EQ, 1)) < 0) return 1;
  }
  // setpriority(which, who, prio) and ioprio_set(which, who, ioprio): a process (PRIO_PROCESS = 0,
  // IOPRIO_WHO_PROCESS = 1) other than pid 1; a process group or a user (who 0 being the
  // caller's uid: the runner's too) is refused.
  if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(setpriority), 1, SCMP_A0(SCMP_CMP_NE, 0)) < 0 ||
      seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(setpriority), 1, SCMP_A1(SCMP_CMP_EQ, 1)) < 0 ||
      seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioprio_set), 1, SCMP_A0(SCMP_CMP_NE, 1)) < 0 ||
      seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioprio_set), 1, SCMP_A1(SCMP_CMP_EQ, 1)) < 0)
    return 1;
  // The program's stdin and stdout are Unix stream sockets (libuv's "pipes"): shutdown(SHUT_RD)
  // on its stdin makes every later write of the other side fail with EPIPE, however many copies
  // keep the socket open; an interactive program killed its validator with SIGPIPE that way (SE)
  // (found by a hostile review; tests/sandbox/interactive.test.ts). SHUT_WR, which only says
  // "no more output" as closing would (libuv's uv_shutdown uses it), stays allowed. socket() is
  // denied, so this touches only those and socketpair()s.
  if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(shutdown), 1, SCMP_A1(SCMP_CMP_NE, SHUT_WR)) < 0)
    return 1;
  // Typing into a terminal the judge may share (TIOCSTI) or poking the console (TIOCLINUX).
  // ioctl's request is an int: compare the low 32 bits only.
  static const unsigned long long tty_requests[] = {TIOCSTI, TIOCLINUX};
  for (size_t i = 0; i < sizeof tty_requests / sizeof tty_requests[0]; i++)
    if (seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1,
                         SCMP_A1(SCMP_CMP_MASKED_EQ, 0xFFFFFFFFu, tty_requests[i])) < 0)
      return 1;
  int fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0 || seccomp_export_bpf(ctx, fd) < 0 || close(fd) < 0) {
    perror(argv[1]);
    return 1;
  }
  seccomp_release(ctx);
  return 0;
}
