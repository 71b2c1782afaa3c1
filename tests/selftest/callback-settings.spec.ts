// The callback route's variables (CALLBACK_HOST, CALLBACK_URL, CALLBACK_RELAY, CALLBACK_TUNNEL and its key and host key) are read with the others, and a bad
// value is one sentence naming the variable; which provider hosts count as this machine's.
import { test, expect } from '@playwright/test';
import { isLoopbackHost } from '../../suite/runner/callback-route.js';
import { ConfigError, readSettings } from '../../suite/runner/settings.js';

const REMOTE = { BASE_URL: 'https://sandbox.example.com', API_KEY: 'ak', CRYPTO_KEY: 'sk' };

test('the receiver listens on loopback unless CALLBACK_HOST says otherwise; CALLBACK_URL and CALLBACK_RELAY are read as given', () => {
  expect(readSettings({}).callbackHost).toBe('127.0.0.1');
  expect(readSettings({ CALLBACK_HOST: '[::]', CALLBACK_URL: 'http://[2001:db8::7]:8787/cb' })).toMatchObject({
    callbackHost: '::',
    callbackUrl: 'http://[2001:db8::7]:8787/cb',
  });
  expect(readSettings({ ...REMOTE, CALLBACK_HOST: '10.231.0.1' }).callbackHost).toBe('10.231.0.1');
  expect(readSettings({ ...REMOTE, CALLBACK_RELAY: 'https://smee.io/AbC123' }).callbackRelay).toBe('https://smee.io/AbC123');
});

for (const [env, message] of [
  [{ CALLBACK_URL: 'merchant.example.com/callbacks' }, /^CALLBACK_URL=merchant\.example\.com\/callbacks is not an absolute http\(s\) URL/],
  [{ CALLBACK_URL: 'ftp://merchant.example.com/' }, /^CALLBACK_URL=ftp:\/\/merchant\.example\.com\/ is not an absolute http\(s\) URL/],
  [{ CALLBACK_RELAY: 'smee.io/AbC' }, /^CALLBACK_RELAY=smee\.io\/AbC is not an absolute http\(s\) URL/],
  [{ CALLBACK_HOST: 'http://10.0.0.5:8787' }, /^CALLBACK_HOST=http:\/\/10\.0\.0\.5:8787 is not an address to listen on/],
  [{ CALLBACK_URL: 'https://a.example/cb', CALLBACK_RELAY: 'https://smee.io/AbC' }, /^CALLBACK_URL and CALLBACK_RELAY are both set/],
  [{ ...REMOTE, CALLBACK_HOST: '0.0.0.0' }, /^CALLBACK_HOST=0\.0\.0\.0 listens on every interface: set CALLBACK_URL/],
  [{ CALLBACK_TUNNEL: 'gateway.example.com:22' }, /^CALLBACK_TUNNEL=gateway\.example\.com:22 is not an ssh:\/\/ address/],
  [{ CALLBACK_TUNNEL: 'ssh://gateway.example.com' }, /^CALLBACK_TUNNEL=ssh:\/\/gateway\.example\.com names no user/],
  [
    { CALLBACK_TUNNEL: 'ssh://me:hunter2@gateway.example.com' },
    /^CALLBACK_TUNNEL=ssh:\/\/me:…@gateway\.example\.com carries a password: the tunnel authenticates with a key/,
  ],
  [
    { CALLBACK_TUNNEL: 'ssh://me@gateway.example.com/callbacks' },
    /^CALLBACK_TUNNEL=\S+ has the path \/callbacks: it names where the gateway listens, as \[bind_address:\]port/,
  ],
  [{ CALLBACK_TUNNEL: 'ssh://me@gateway.example.com/70000' }, /has the path \/70000/],
  [{ CALLBACK_TUNNEL: 'ssh://me@g.example', CALLBACK_RELAY: 'https://smee.io/AbC' }, /^CALLBACK_TUNNEL and CALLBACK_RELAY are both set/],
  [{ CALLBACK_TUNNEL: 'ssh://me@g.example', CALLBACK_TUNNEL_HOST_KEY: 'ab:cd:ef' }, /^CALLBACK_TUNNEL_HOST_KEY=ab:cd:ef is not a SHA256 fingerprint/],
  [{ CALLBACK_TUNNEL_HOST_KEY: `SHA256:${'A'.repeat(43)}` }, /^CALLBACK_TUNNEL_HOST_KEY set without CALLBACK_TUNNEL/],
] as const)
  test(`${Object.keys(env).join(' ')}=${Object.values(env).at(-1)}: one sentence naming the variable`, () => {
    expect(() => readSettings(env)).toThrow(ConfigError);
    expect(() => readSettings(env)).toThrow(message);
  });

test('CALLBACK_TUNNEL: the user, the gateway and its SSH port (22 unless given), and where the gateway listens ([bind_address:]port, every address and a port of its choosing unless given)', () => {
  expect(readSettings({ CALLBACK_TUNNEL: 'ssh://tunnel@gateway.example.com' }).callbackTunnel).toEqual({
    user: 'tunnel',
    host: 'gateway.example.com',
    port: 22,
    bindAddress: '',
  });
  expect(readSettings({ ...REMOTE, CALLBACK_HOST: '0.0.0.0', CALLBACK_TUNNEL: 'ssh://t@[2001:db8::5]:2222/[::]:8787' }).callbackTunnel).toEqual({
    user: 't',
    host: '2001:db8::5',
    port: 2222,
    bindAddress: '::',
    bindPort: 8787,
  });
  expect(readSettings({ CALLBACK_TUNNEL: 'ssh://t@g.example/8787' }).callbackTunnel).toMatchObject({ bindAddress: '', bindPort: 8787 });
  const fingerprint = `SHA256:${'x'.repeat(42)}Q`;
  expect(readSettings({ CALLBACK_TUNNEL: 'ssh://t@g.example/10.0.0.5:0', CALLBACK_TUNNEL_HOST_KEY: fingerprint })).toMatchObject({
    callbackTunnel: { bindAddress: '10.0.0.5', bindPort: 0 },
    callbackTunnelHostKey: fingerprint,
  });
});

test('loopback hosts: 127.0.0.0/8, ::1, localhost and its subdomains, the IPv4-mapped loopback; nothing else', () => {
  for (const h of ['127.0.0.1', '127.8.9.10', '[::1]', '::1', 'localhost', 'LOCALHOST', 'api.localhost', '::ffff:127.0.0.1'])
    expect(isLoopbackHost(h), h).toBe(true);
  for (const h of ['10.231.0.2', '0.0.0.0', 'sandbox.example.com', 'localhost.example.com', '[2001:db8::1]', '128.0.0.1'])
    expect(isLoopbackHost(h), h).toBe(false);
});
