// The embedded database (PGlite) served over PostgreSQL's wire protocol on a local TCP port, so
// that the server, `verdict worker` processes and CLI commands all talk to it with `pg`.
//
// PGlite is ONE backend session. Several client connections share it safely only if each
// keeps it to itself from its first message until the session is idle again: pg sends a
// parameterised query as Parse, Bind, Describe, Execute, Sync, and a transaction spans many
// round trips. pglite-socket (which we used before) queues single messages from all
// connections, so two concurrent queries could bind each other's unnamed statements — wrong
// rows, "portal does not exist" errors — whenever the pool ran queries in parallel.
//
// Here a connection takes the session when it sends a message and gives it back only when
// the session's answer ends in ReadyForQuery with status idle ('I'); inside a transaction ('T'
// or 'E') or in the middle of an extended-protocol exchange (no ReadyForQuery yet) it keeps
// it. A connection that goes away while holding the session has its exchange ended (Sync) and
// its transaction rolled back before the next connection gets it.
import net from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

export interface PgliteServerOptions {
  host: string;
  port: number;
  maxConnections: number;
}

export interface PgliteServer {
  host: string;
  port: number;
  stop(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

/** The one session, handed to one connection at a time in arrival order. */
class SessionLock {
  private owner: Connection | null = null;
  private waiters: { conn: Connection; grant: () => void }[] = [];

  async acquire(conn: Connection): Promise<void> {
    if (this.owner === conn) return;
    if (!this.owner) {
      this.owner = conn;
      return;
    }
    await new Promise<void>((grant) => this.waiters.push({ conn, grant }));
  }

  release(conn: Connection): void {
    this.waiters = this.waiters.filter((w) => w.conn !== conn);
    if (this.owner !== conn) return;
    const next = this.waiters.shift();
    this.owner = next?.conn ?? null;
    next?.grant();
  }

  holds(conn: Connection): boolean {
    return this.owner === conn;
  }
}

/** Follows the backend's message stream across chunks and remembers the last ReadyForQuery status. */
class ReadyTracker {
  private header = Buffer.alloc(5);
  private headerFill = 0;
  private bodyLeft = 0;
  private readyPending = false;
  status: string | null = null;

  feed(chunk: Uint8Array): void {
    let i = 0;
    while (i < chunk.length) {
      if (this.bodyLeft > 0) {
        const take = Math.min(this.bodyLeft, chunk.length - i);
        if (this.readyPending) {
          this.status = String.fromCharCode(chunk[i]);
          this.readyPending = false;
        }
        this.bodyLeft -= take;
        i += take;
        continue;
      }
      this.header[this.headerFill++] = chunk[i++];
      if (this.headerFill === 5) {
        this.headerFill = 0;
        this.bodyLeft = this.header.readInt32BE(1) - 4;
        this.readyPending = this.header[0] === 0x5a && this.bodyLeft === 1; // 'Z'
      }
    }
  }
}

class Connection {
  private buffer = Buffer.alloc(0);
  private started = false;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly lite: PGlite,
    private readonly lock: SessionLock,
  ) {
    socket.setNoDelay(true);
    // Messages are handled strictly in order, one at a time.
    socket.on('data', (data) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
      this.chain = this.chain.then(() => this.drain()).catch((err) => this.fail(err));
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      this.closed = true;
      this.chain = this.chain.then(() => this.cleanUp()).catch(() => {});
    });
  }

  private async drain(): Promise<void> {
    while (!this.closed) {
      const message = this.nextMessage();
      if (!message) return;
      if (message === 'consumed') continue;
      if (message[0] === 0x58) {
        // Terminate: the session stays; this connection ends.
        this.socket.end();
        return;
      }
      await this.run(message);
    }
  }

  /** The next whole message from the client, 'consumed' for a handled pre-startup request, or null. */
  private nextMessage(): Buffer | 'consumed' | null {
    const buf = this.buffer;
    if (!this.started) {
      if (buf.length < 8) return null;
      const length = buf.readInt32BE(0);
      if (buf.length < length) return null;
      const code = buf.readInt32BE(4);
      this.buffer = buf.subarray(length);
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        this.socket.write('N');
        return 'consumed';
      }
      if (code === CANCEL_REQUEST) {
        // No backend process to interrupt; the protocol expects no answer.
        this.socket.end();
        return 'consumed';
      }
      if (code !== PROTOCOL_3) {
        this.socket.destroy();
        return null;
      }
      this.started = true;
      return buf.subarray(0, length);
    }
    if (buf.length < 5) return null;
    const length = 1 + buf.readInt32BE(1);
    if (buf.length < length) return null;
    this.buffer = buf.subarray(length);
    return buf.subarray(0, length);
  }

  /** One message through the session; the session is kept until it is idle again. */
  private async run(message: Buffer): Promise<void> {
    await this.lock.acquire(this);
    if (this.closed) return; // cleanUp releases
    const tracker = new ReadyTracker();
    await this.lite.runExclusive(() =>
      this.lite.execProtocolRawStream(new Uint8Array(message), {
        onRawData: (data: Uint8Array) => {
          tracker.feed(data);
          // Copied: PGlite's chunk is a view of memory it reuses for the next one, and a write
          // the socket cannot take at once is queued by reference. Uncopied, a reply larger than
          // the socket's buffer was overwritten while it waited and never parsed.
          if (!this.socket.destroyed) this.socket.write(Buffer.from(data));
        },
      }),
    );
    if (tracker.status === 'I') this.lock.release(this);
  }

  /** Leaves the session idle for the next connection. */
  private async cleanUp(): Promise<void> {
    if (this.lock.holds(this)) {
      try {
        await this.lite.runExclusive(() => this.lite.execProtocolRawStream(new Uint8Array(SYNC), { onRawData: () => {} }));
        // exec() takes PGlite's own mutex: not inside runExclusive. Our session lock keeps
        // every other connection out meanwhile.
        if (this.lite.isInTransaction()) await this.lite.exec('ROLLBACK');
      } finally {
        this.lock.release(this);
      }
    } else {
      this.lock.release(this);
    }
  }

  private fail(_err: unknown): void {
    this.socket.destroy();
  }
}

export async function startPgliteServer(lite: PGlite, opts: PgliteServerOptions): Promise<PgliteServer> {
  const lock = new SessionLock();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Connection(socket, lite, lock);
  });
  server.maxConnections = opts.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as net.AddressInfo;
  return {
    host: opts.host,
    port: address.port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
