// An SSH gateway on this machine, as sshd with `AllowTcpForwarding remote` and `GatewayPorts clientspecified` serves
// one (the ssh2 library's server): it accepts one client key, and a `tcpip-forward` request makes it listen on the
// address and port asked for, each connection there going back to the client as a `forwarded-tcpip` channel
// (RFC 4254 §7.1). What the tunnel test runs CALLBACK_TUNNEL against, offline.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timingSafeEqual } from 'node:crypto';
import ssh2 from 'ssh2';
import { sha256Fingerprint } from '../../suite/runner/callback-tunnel.js';

const { Server, utils } = ssh2;

interface SshGateway {
  /** `ssh://user@127.0.0.1:port`, for CALLBACK_TUNNEL (a forward path appended by the caller). */
  address: string;
  /** The host key's fingerprint, for CALLBACK_TUNNEL_HOST_KEY. */
  hostKey: string;
  /** A private key file the gateway accepts (OpenSSH format), for CALLBACK_TUNNEL_KEY. */
  clientKeyPath: string;
  /** A key file of another pair, which the gateway refuses. */
  otherKeyPath: string;
  /** Connections the gateway forwarded to the client. */
  forwarded(): number;
  /** Ends every client's connection (and the ports it listened on), as a restarted gateway or a NAT that forgot them would; keeps listening for SSH. */
  dropClients(): void;
  close(): Promise<void>;
}

/**
 * An ed25519 pair in OpenSSH's format. ssh2's generator drops the leading zero byte of a public key that starts with
 * one (about 4 pairs in 1 000 come out malformed, and its own parser refuses them): such a pair is drawn again.
 */
function keyPair(): { private: string; public: string } {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.public) instanceof Error) && !(utils.parseKey(pair.private) instanceof Error)) return pair;
  }
}

/** A gateway listening on `host` (loopback by default) for SSH, forwarding where its client asks. */
export async function startSshGateway(host = '127.0.0.1'): Promise<SshGateway> {
  const [hostKey, client, other] = [keyPair(), keyPair(), keyPair()];
  const allowed = utils.parseKey(client.public);
  if (allowed instanceof Error) throw allowed;
  const dir = mkdtempSync(join(tmpdir(), 'pts-ssh-gateway-'));
  const clientKeyPath = join(dir, 'client_ed25519');
  const otherKeyPath = join(dir, 'other_ed25519');
  writeFileSync(clientKeyPath, client.private, { mode: 0o600 });
  writeFileSync(otherKeyPath, other.private, { mode: 0o600 });
  const listeners = new Set<TcpServer>();
  const clients = new Set<{ end(): unknown }>();
  let forwarded = 0;

  const server = new Server({ hostKeys: [hostKey.private] }, (conn) => {
    clients.add(conn);
    conn.once('close', () => clients.delete(conn));
    conn.on('error', () => undefined);
    conn.on('authentication', (ctx) => {
      if (ctx.method !== 'publickey') return ctx.reject(['publickey']);
      const same =
        ctx.key.algo === allowed.type && ctx.key.data.length === allowed.getPublicSSH().length && timingSafeEqual(ctx.key.data, allowed.getPublicSSH());
      if (!same) return ctx.reject(['publickey']);
      // Without a signature the client only asks whether the key would do (RFC 4252 §7).
      if (ctx.signature !== undefined && ctx.blob !== undefined && allowed.verify(ctx.blob, ctx.signature, ctx.hashAlgo) !== true) return ctx.reject();
      ctx.accept();
    });
    conn.on('request', (accept, reject, name, info) => {
      if (name !== 'tcpip-forward' || accept === undefined || reject === undefined) return reject?.();
      const { bindAddr, bindPort } = info as { bindAddr: string; bindPort: number };
      const listener = createTcpServer((socket) => {
        forwarded++;
        const remote = { address: socket.remoteAddress ?? '', port: socket.remotePort ?? 0 };
        conn.forwardOut(bindAddr, (listener.address() as AddressInfo).port, remote.address, remote.port, (err, channel) => {
          if (err) return socket.destroy();
          socket.on('error', () => channel.destroy());
          channel.on('error', () => socket.destroy());
          socket.pipe(channel).pipe(socket);
        });
      });
      listener.once('error', () => reject());
      listener.listen(bindPort, bindAddr === '' ? '0.0.0.0' : bindAddr, () => {
        listeners.add(listener);
        accept((listener.address() as AddressInfo).port);
      });
      conn.once('close', () => {
        listeners.delete(listener);
        listener.close();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  const hostPublic = utils.parseKey(hostKey.public);
  if (hostPublic instanceof Error) throw hostPublic;
  return {
    address: `ssh://merchant@${host}:${port}`,
    hostKey: sha256Fingerprint(hostPublic.getPublicSSH()),
    clientKeyPath,
    otherKeyPath,
    forwarded: () => forwarded,
    dropClients: () => {
      for (const c of clients) c.end();
    },
    close: async () => {
      for (const c of clients) c.end();
      for (const l of listeners) l.close();
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
