// Clients of long-lived streams that never read: each a raw TCP connection that sends its GET and
// then stops reading (the socket paused), so the server's writes pile up in its buffers, as a
// hostile client's would. Cheap on the test's side: no HTTP parser, no buffered body.
import net from 'node:net';

export interface StalledClient {
  socket: net.Socket;
  /** The status line's code once the head arrived (read before pausing); 0 until then. */
  status: number;
  /** The reply's head (status line and headers), as text. */
  head: string;
}

/**
 * Opens `count` connections asking `path` (with `headers`) and never reading past the reply's
 * head; from `localAddress` (127.0.0.x: another client address on the loopback) when given.
 */
export async function openStalled(url: string, path: string, count: number, headers: Record<string, string> = {}, localAddress?: string): Promise<StalledClient[]> {
  const { hostname, port } = new URL(url);
  const lines = Object.entries({ Host: `${hostname}:${port}`, ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
  const request = `GET ${path} HTTP/1.1\r\n${lines.join('')}\r\n`;
  const open = (): Promise<StalledClient> =>
    new Promise((resolve, reject) => {
      const socket = net.connect({ port: Number(port), host: hostname, localAddress });
      const client: StalledClient = { socket, status: 0, head: '' };
      let received = '';
      socket.setEncoding('latin1');
      socket.once('error', reject);
      socket.on('data', (chunk: string) => {
        if (client.status !== 0) return;
        received += chunk;
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        client.head = received.slice(0, end);
        client.status = Number(/^HTTP\/1\.1 (\d{3})/.exec(client.head)?.[1] ?? -1);
        // From here on the client reads nothing more.
        socket.pause();
        socket.removeAllListeners('data');
        socket.removeAllListeners('error');
        socket.on('error', () => {});
        resolve(client);
      });
      socket.write(request);
    });
  const clients: StalledClient[] = [];
  // A few at a time: a thousand connects at once would overflow the listen backlog.
  for (let i = 0; i < count; i += 50) clients.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, open))));
  return clients;
}

export function closeStalled(clients: StalledClient[]): void {
  for (const c of clients) c.socket.destroy();
}

/** The value of a header in a reply's head, or null. */
export function headerOf(head: string, name: string): string | null {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return match ? match[1].trim() : null;
}
