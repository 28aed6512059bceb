// The SSE clients of a live-update benchmark in a process of their own (sse-clients.ts), so that
// they do not share the server's event loop; `ask` sends a message and waits for the reply of
// the given type.
import { fork } from 'node:child_process';

export function forkSseClients() {
  const clients = fork(new URL('./sse-clients.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], serialization: 'advanced' });
  const ask = <T>(message: object, reply: string): Promise<T> =>
    new Promise((resolve) => {
      const on = (m: { type: string }) => {
        if (m.type !== reply) return;
        clients.off('message', on);
        resolve(m as T);
      };
      clients.on('message', on);
      clients.send(message);
    });
  return { clients, ask };
}
