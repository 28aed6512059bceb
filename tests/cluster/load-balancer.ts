// The cluster test's load balancer: nginx from Debian on the `lb` host, in front of both APIs
// (the set-up docs/operations.md recommends), or, where nginx is not installed, a round-robin
// TCP proxy in the test process. nginx runs in the foreground as the test's own child, with its
// configuration, pid file and temporary files in a folder of the test's.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Host, Hosts } from './hosts.ts';

export interface LoadBalancer {
  url: string;
  /** 'nginx', or 'round-robin' where nginx is absent. */
  kind: 'nginx' | 'round-robin';
  close(): void;
}

const API_PORT = 8080;
const LB_PORT = 80;

/** The nginx binary, or null when it is not installed (scripts/install.sh installs nginx-light). */
export function nginxBinary(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((d) => path.join(d, 'nginx')).find((p) => fs.existsSync(p)) ?? null;
}

/**
 * nginx's configuration: one upstream of the APIs; a request that cannot reach an API (refused,
 * timed out) goes to the other, which is then left alone for a while. The live streams (Server-Sent
 * Events at /api/events, the CCS event feed's NDJSON) are passed on unbuffered and may stay open.
 */
export function nginxConfig(opts: { listen: string; upstreams: string[]; dir: string }): string {
  const temp = (name: string) => path.join(opts.dir, name);
  const stream = `
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;`;
  return `worker_processes 1;
pid ${temp('nginx.pid')};
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # The API checks an upload's size itself (UPLOAD_MAX_BYTES) and says so clearly.
  client_max_body_size 0;
  upstream verdict {
${opts.upstreams.map((ip) => `    server ${ip}:${API_PORT} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen ${opts.listen}:${LB_PORT};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_connect_timeout 2s;
    proxy_send_timeout 60s;
    # A submission may wait for its verdict (SUBMIT_WAIT_MS, 30 s by default).
    proxy_read_timeout 60s;
    # Passive failover: a dead API is skipped. A POST is passed on only if it never reached one.
    proxy_next_upstream error timeout;
    proxy_next_upstream_tries 2;
    location / {
      proxy_pass http://verdict;
    }
    location = /api/events {
      proxy_pass http://verdict;${stream}
    }
    location ~ ^/api/ccs/(2023-06/)?contests/[^/]+/event-feed$ {
      proxy_pass http://verdict;${stream}
    }
  }
}
`;
}

/** Starts nginx on `lb` (its output goes to `log`) or, without nginx, the round-robin proxy. */
export async function startLoadBalancer(hosts: Hosts, lb: Host, apis: Host[], dir: string, log: (text: string) => void): Promise<LoadBalancer> {
  const nginx = nginxBinary();
  if (!nginx) {
    console.log('      (nginx is not installed — apt-get install nginx-light, as scripts/install.sh does: the load balancer is the test\'s own round-robin proxy)');
    return roundRobin(apis.map((a) => a.ip));
  }
  // nginx's workers run as nobody: they must reach their temporary folders.
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig({ listen: lb.ip, upstreams: apis.map((a) => a.ip), dir }));
  const child = hosts.spawn(lb, [nginx, '-p', dir, '-c', conf, '-e', 'stderr', '-g', 'daemon off;'], process.env);
  let said = '';
  const onData = (d: Buffer) => {
    said += d;
    log(String(d));
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  await new Promise<void>((resolve, reject) => {
    const deadline = Date.now() + 10_000;
    const probe = () => {
      const socket = net.connect(LB_PORT, lb.ip);
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        if (child.exitCode !== null || Date.now() > deadline) reject(new Error(`nginx did not start on ${lb.ip}:${LB_PORT}: ${said}`));
        else setTimeout(probe, 100);
      });
    };
    probe();
  });
  return { url: `http://${lb.ip}:${LB_PORT}`, kind: 'nginx', close: () => child.kill('SIGKILL') };
}

/**
 * A round-robin TCP proxy: each new connection goes to the next ready upstream that answers. It
 * checks each upstream's GET /api/ready every second, as an active health check does (HAProxy's
 * `option httpchk`, docs/operations.md), and sends nothing to one that is starting or stopping.
 */
function roundRobin(upstreams: string[]): Promise<LoadBalancer> {
  let next = 0;
  const ready = new Set(upstreams);
  const check = () =>
    upstreams.forEach((ip) =>
      fetch(`http://${ip}:${API_PORT}/api/ready`, { signal: AbortSignal.timeout(1000) })
        .then((res) => res.status === 200, () => false)
        .then((ok) => void (ok ? ready.add(ip) : ready.delete(ip))),
    );
  const checks = setInterval(check, 1000);
  check();
  const open = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    client.pause();
    const tryUpstream = (left: number) => {
      // None ready (all starting, or the checks not answered yet): try them all.
      const choices = ready.size > 0 ? upstreams.filter((ip) => ready.has(ip)) : upstreams;
      const target = choices[next++ % choices.length];
      const upstream = net.connect(API_PORT, target);
      track(upstream);
      upstream.once('connect', () => {
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.once('error', () => {
        upstream.destroy();
        if (left > 1) tryUpstream(left - 1);
        else client.destroy();
      });
      client.once('error', () => upstream.destroy());
      client.once('close', () => upstream.destroy());
    };
    tryUpstream(upstreams.length);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
        kind: 'round-robin',
        close: () => {
          clearInterval(checks);
          server.close();
          // Kept-alive connections (and live streams) through the balancer end with it.
          for (const socket of open) socket.destroy();
        },
      }),
    ),
  );
}
