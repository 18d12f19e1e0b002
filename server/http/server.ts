import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** How long a client may take (docs/configuration.md); `readConfig` reads them. */
export interface HttpServerSettings {
  /** HTTP_HEADERS_TIMEOUT_MS (20 s): all request headers must have arrived within this time, else 408. */
  headersTimeoutMs: number;
  /** HTTP_REQUEST_TIMEOUT_MS (30 s): the whole request, body included, must have arrived within this, else 408. */
  requestTimeoutMs: number;
  /** HTTP_KEEP_ALIVE_TIMEOUT_MS (65 s): an idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
}

/**
 * The Node HTTP server with bounded timeouts, so a client that sends its headers or body slowly (or a body
 * shorter than its Content-Length) gets a 408 and loses the connection instead of holding it forever. Node
 * checks the header/request deadlines every `connectionsCheckingInterval`; it is kept short (≤ 1 s) so the
 * deadlines hold to about a second.
 */
export function createHttpServer(
  listener: (req: IncomingMessage, res: ServerResponse) => void,
  settings: HttpServerSettings,
): Server {
  const server = createServer(
    {
      headersTimeout: settings.headersTimeoutMs,
      requestTimeout: settings.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(
        50,
        Math.min(1000, Math.floor(settings.headersTimeoutMs / 2), Math.floor(settings.requestTimeoutMs / 2)),
      ),
    },
    listener,
  );
  server.keepAliveTimeout = settings.keepAliveTimeoutMs;
  return server;
}
