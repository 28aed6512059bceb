// Mocha runs without `exit: true`: when the tests are done the process must end by itself.
// Something a test left running (a server, a socket, a timer, a child process) would keep it
// alive; after the last test this names what is still open and fails the run instead of hanging.
const GRACE_MS = 15_000;

export const mochaHooks = {
  afterAll(): void {
    const timer = setTimeout(() => {
      process.stderr.write(`\nThe tests are done but the process is still running ${GRACE_MS / 1000} s later; open: ${process.getActiveResourcesInfo().join(', ')}\n`);
      // Mocha sets the exit code from the failures in an 'exit' listener; this one comes later.
      process.on('exit', () => {
        process.exitCode = 1;
      });
      process.exit(1);
    }, GRACE_MS);
    // Only a leak keeps the process alive long enough for this to fire.
    timer.unref();
  },
};
