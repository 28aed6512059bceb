// Requests Node refuses before Koa sees them (headers plus URL over its 16 KB limit, a request
// line or header that is not HTTP, a request that took too long to arrive) are answered in the
// API's envelope too, instead of Node's bare status line; the connection is then closed.
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { ErrorKinds } from '@verdict/shared';

const REPLIES: Record<string, { status: number; message: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'Invalid request: the URL and headers are too large (16 KB at most)' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'Invalid request: it did not arrive in time' },
};
const MALFORMED = { status: 400, message: 'Invalid request: not a well-formed HTTP request' };

/** The bytes of the reply to a request Node could not parse (exported for the test). */
export function clientErrorReply(errorCode: string | undefined): string {
  const { status, message } = (errorCode && REPLIES[errorCode]) || MALFORMED;
  const body = JSON.stringify({ code: ErrorKinds.VALIDATION.code, message, data: null });
  return [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'X-Content-Type-Options: nosniff',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

export function answerClientErrors(server: Server): void {
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    // A client that went away, or a reply already under way on this connection (as Node's own
    // handler checks): nothing sensible can be written.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    socket.end(clientErrorReply(err.code));
  });
}
