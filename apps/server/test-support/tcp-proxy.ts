import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP relay in front of a real server (PostgreSQL in the outage tests): `stop()` closes its port and cuts every
 * open connection, as a database host that went away would; `silence()` cuts them too but keeps accepting new
 * ones without a word, as a host whose network dropped out looks; `start()` relays on the same port again.
 */
export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  silence(): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let silent = false;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        if (silent) {
          sockets.add(client);
          client.on('close', () => sockets.delete(client));
          client.on('error', () => client.destroy());
          return;
        }
        const upstream = connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => {
        const address = s.address();
        if (typeof address === 'object' && address) port = address.port;
        server = s;
        resolve();
      });
    });

  const stop = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    silence: () => {
      silent = true;
      cutAll();
    },
    start: async () => {
      silent = false;
      cutAll();
      if (!server) await listen();
    },
    close: stop,
  };
}
