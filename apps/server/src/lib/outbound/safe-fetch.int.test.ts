import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundError } from './outbound-error';
import { createOutboundClient } from './safe-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
let server: Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const handler = routes.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (handler) return handler(req, res);
    res.writeHead(404).end('nei');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await Promise.all([open.close(), closed.close()]);
});

const open = createOutboundClient({ allowLoopback: true, allowPrivate: true });
const closed = createOutboundClient({ allowLoopback: false, allowPrivate: true });

async function failure(promise: Promise<unknown>): Promise<OutboundError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

routes.set('/ok', (req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-echo-auth': req.headers.authorization ?? '' });
  res.end(JSON.stringify({ ok: true }));
});

describe('safeFetch: what it lets through', () => {
  it('fetches from loopback when loopback targets are allowed', async () => {
    const res = await open.safeFetch(`${base}/ok`);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ ok: true });
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.redirects).toBe(0);
  });

  it('sends user info from the URL as basic auth', async () => {
    const res = await open.safeFetch(`http://kamera:hemmelig@127.0.0.1:${port}/ok`);
    expect(res.headers['x-echo-auth']).toBe(`Basic ${Buffer.from('kamera:hemmelig').toString('base64')}`);
  });

  it('decompresses gzip and brotli', async () => {
    const text = 'vaskehall '.repeat(1000);
    routes.set('/gzip', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(text)),
    );
    routes.set('/br', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'br' }).end(brotliCompressSync(text)),
    );
    expect((await open.safeFetch(`${base}/gzip`)).body.toString()).toBe(text);
    expect((await open.safeFetch(`${base}/br`)).body.toString()).toBe(text);
  });
});

describe('safeFetch: addresses it refuses', () => {
  it('refuses the cloud metadata address without connecting', async () => {
    const err = await failure(open.safeFetch('http://169.254.169.254/latest/meta-data/'));
    expect(err.reason).toBe('forbidden-address');
    expect(err.message).toBe('Adressen er ikke tillatt (lenke-lokal/metadata)');
  });

  it('refuses IPv6 and IPv4-mapped spellings of forbidden addresses', async () => {
    for (const url of ['http://[fe80::1]/', 'http://[::ffff:169.254.169.254]/', 'http://[fd00:ec2::254]/']) {
      expect((await failure(open.safeFetch(url))).message).toBe(
        'Adressen er ikke tillatt (lenke-lokal/metadata)',
      );
    }
    expect((await failure(open.safeFetch('http://0.0.0.0/'))).reason).toBe('forbidden-address');
  });

  it('refuses loopback when not allowed, by literal address, mapped address and by name', async () => {
    for (const url of [`${base}/ok`, `http://[::ffff:127.0.0.1]:${port}/ok`, `http://localhost:${port}/ok`]) {
      const err = await failure(closed.safeFetch(url));
      expect(err.message, url).toBe('Adressen er ikke tillatt (loopback)');
    }
  });

  it('reaches a listed loopback address and port, and refuses every other loopback port', async () => {
    const demoOnly = createOutboundClient({
      allowLoopback: false,
      allowPrivate: true,
      loopbackTargets: [`127.0.0.1:${port}`],
    });
    try {
      expect((await demoOnly.safeFetch(`${base}/ok`)).status).toBe(200);
      const other = await failure(demoOnly.safeFetch(`http://127.0.0.1:${port + 1}/ok`));
      expect(other.message).toBe('Adressen er ikke tillatt (loopback)');
      // A redirect from the listed target to another loopback port is checked like the first hop.
      routes.set('/elsewhere', (_req, res) => {
        res.writeHead(302, { location: `http://127.0.0.1:${port + 1}/ok` }).end();
      });
      const hop = await failure(demoOnly.safeFetch(`${base}/elsewhere`, { followRedirects: true }));
      expect(hop.message).toBe('Adressen er ikke tillatt (loopback)');
      // Names are refused before the port is known: the exception covers the exact address only.
      const named = await failure(demoOnly.safeFetch(`http://localhost:${port}/ok`));
      expect(named.message).toBe('Adressen er ikke tillatt (loopback)');
    } finally {
      await demoOnly.close();
    }
  });

  it('refuses private ranges when they are turned off', async () => {
    const strict = createOutboundClient({ allowLoopback: false, allowPrivate: false });
    try {
      expect((await failure(strict.safeFetch('http://10.0.0.1/'))).message).toBe(
        'Adressen er ikke tillatt (privat nett)',
      );
    } finally {
      await strict.close();
    }
  });

  it('refuses other schemes and invalid URLs', async () => {
    expect((await failure(open.safeFetch('file:///etc/passwd'))).message).toBe(
      'Bare http og https er tillatt',
    );
    expect((await failure(open.safeFetch('gopher://127.0.0.1/'))).reason).toBe('scheme');
    expect((await failure(open.safeFetch('ikke en url'))).message).toBe('Ugyldig URL');
  });
});

describe('safeFetch: deadline and size', () => {
  it('gives up when the headers do not come before the deadline', async () => {
    routes.set('/hang', () => {});
    const started = Date.now();
    const err = await failure(open.safeFetch(`${base}/hang`, { timeoutMs: 300 }));
    expect(err.reason).toBe('timeout');
    expect(err.message).toBe('Tidsavbrudd etter 0,3 s');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('counts the body in the deadline: a slow body is cut off', async () => {
    routes.set('/drip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const timer = setInterval(() => res.write('.'), 50);
      res.on('close', () => clearInterval(timer));
    });
    const err = await failure(open.safeFetch(`${base}/drip`, { timeoutMs: 400 }));
    expect(err.message).toBe('Tidsavbrudd etter 0,4 s');
  });

  it('refuses a body above the cap, declared or streamed', async () => {
    routes.set('/big', (_req, res) =>
      res.writeHead(200, { 'content-length': 2_000_000 }).end(Buffer.alloc(2_000_000)),
    );
    routes.set('/big-chunked', (_req, res) => {
      res.writeHead(200);
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024));
      res.end();
    });
    const declared = await failure(open.safeFetch(`${base}/big`, { maxBytes: 1024 * 1024 }));
    expect(declared.message).toBe('Svaret er større enn 1 MB');
    const streamed = await failure(open.safeFetch(`${base}/big-chunked`, { maxBytes: 1024 * 1024 }));
    expect(streamed.reason).toBe('too-large');
  });

  it('cuts a gzip bomb off at the cap while inflating, not after', async () => {
    // 200 MB of zeros is about 200 kB gzipped: inflating it whole would take 200 MB of memory.
    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024), { level: 9 });
    routes.set('/bomb', (_req, res) => res.writeHead(200, { 'content-encoding': 'gzip' }).end(bomb));
    const heapBefore = process.memoryUsage().rss;
    const err = await failure(open.safeFetch(`${base}/bomb`, { maxBytes: 5 * 1024 * 1024 }));
    expect(err.message).toBe('Svaret er større enn 5 MB');
    expect(process.memoryUsage().rss - heapBefore).toBeLessThan(100 * 1024 * 1024);
  });

  it('reports corrupt compressed bodies', async () => {
    routes.set('/broken-gzip', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(Buffer.from('dette er ikke gzip')),
    );
    expect((await failure(open.safeFetch(`${base}/broken-gzip`))).reason).toBe('decoding');
  });
});

describe('safeFetch: redirects', () => {
  routes.set('/to-ok', (_req, res) => res.writeHead(302, { location: '/ok' }).end());
  routes.set('/to-metadata', (_req, res) =>
    res.writeHead(302, { location: 'http://169.254.169.254/' }).end(),
  );
  routes.set('/loop', (_req, res) => res.writeHead(307, { location: '/loop' }).end());
  routes.set('/to-other-origin', (_req, res) =>
    res.writeHead(302, { location: `http://localhost:${port}/ok` }).end(),
  );

  it('refuses a redirect unless redirects are turned on', async () => {
    const err = await failure(open.safeFetch(`${base}/to-ok`));
    expect(err.reason).toBe('redirect');
    expect(err.message).toBe('Svaret er en videresending (302), og videresending er ikke slått på');
  });

  it('follows a redirect when turned on', async () => {
    const res = await open.safeFetch(`${base}/to-ok`, { followRedirects: true });
    expect(res.status).toBe(200);
    expect(res.redirects).toBe(1);
    expect(res.url).toBe(`${base}/ok`);
  });

  it('checks every hop: a redirect to the metadata address is refused', async () => {
    const err = await failure(open.safeFetch(`${base}/to-metadata`, { followRedirects: true }));
    expect(err.message).toBe('Adressen er ikke tillatt (lenke-lokal/metadata)');
  });

  it('stops after 5 redirects', async () => {
    const err = await failure(open.safeFetch(`${base}/loop`, { followRedirects: true }));
    expect(err.message).toBe('For mange videresendinger (over 5)');
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const res = await open.safeFetch(`${base}/to-other-origin`, {
      followRedirects: true,
      headers: { Authorization: 'Bearer hemmelig' },
    });
    expect(res.url).toBe(`http://localhost:${port}/ok`);
    expect(res.headers['x-echo-auth']).toBe('');
  });
});
