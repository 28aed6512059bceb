// Idle connections outlive the web app's 5 s polling interval (spec §9): with Node's default
// keep-alive timeout (5 s) the server closed them just as the next poll was sent, and the load
// benchmark (bench/load.ts) saw those polls fail with a connection reset.
import assert from 'node:assert/strict';
import net from 'node:net';
import { KEEP_ALIVE_TIMEOUT_MS } from '@verdict/server/internal/server';
import { startTestServer, type TestServer } from '../helpers/server.ts';

/** Sends one GET on `socket` and resolves with the raw head of the reply once it is complete. */
function get(socket: net.Socket, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    const onData = (chunk: Buffer) => {
      raw += chunk.toString('latin1');
      const end = raw.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: *(\d+)/i.exec(raw)?.[1] ?? 0);
      if (raw.length < end + 4 + length) return;
      cleanup();
      resolve(raw.slice(0, end));
    };
    const onClose = () => {
      cleanup();
      reject(new Error('the server closed the connection'));
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('close', onClose);
      socket.off('error', onClose);
    };
    socket.on('data', onData);
    socket.once('close', onClose);
    socket.once('error', onClose);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
  });
}

describe('HTTP keep-alive', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.destroy());

  it('keeps an idle connection open past the 5 s polling interval', async function () {
    this.timeout(30_000);
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    try {
      const head = await get(socket, '/api/health');
      assert.match(head, /^HTTP\/1\.1 200/);
      assert.match(head, new RegExp(`^keep-alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`, 'im'));
      // Idle for longer than one poll, then the next poll on the same connection.
      await new Promise((resolve) => setTimeout(resolve, 5500));
      assert.equal(socket.destroyed, false);
      assert.match(await get(socket, '/api/health'), /^HTTP\/1\.1 200/);
    } finally {
      socket.destroy();
    }
  });
});
