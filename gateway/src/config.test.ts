import path from 'node:path';
import { loadGatewayConfig } from './config';

it('names the offending variable when the environment is wrong', () => {
  expect(() => loadGatewayConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  expect(() => loadGatewayConfig({ BILLING_URL: 'billing:4003' })).toThrow(/BILLING_URL/);
  expect(() => loadGatewayConfig({ REMOTE_MEMBER_ENTRY: 'remotes/member/mf-manifest.json' })).toThrow(/REMOTE_MEMBER_ENTRY/);
  expect(() => loadGatewayConfig({ CSP_UPLOAD_ORIGINS: "https://a.example; script-src 'unsafe-eval'" })).toThrow(/CSP_UPLOAD_ORIGINS/);
  expect(() => loadGatewayConfig({ CSP_FRAME_ORIGINS: "'unsafe-inline'" })).toThrow(/CSP_FRAME_ORIGINS/);
  expect(() => loadGatewayConfig({ CSP_MAP_TILE_ORIGINS: 'https://tiles.example; script-src *' })).toThrow(/CSP_MAP_TILE_ORIGINS/);
  expect(() => loadGatewayConfig({ STRIPE_PUBLISHABLE_KEY: 'sk_live_secret' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  expect(() => loadGatewayConfig({ STRIPE_JS_URL: 'js.stripe.com/v3' })).toThrow(/STRIPE_JS_URL/);
  for (const proxy of ['true', '2', 'ingress.example', '10.0.0.0/33']) expect(() => loadGatewayConfig({ REQUEST_ID_PROXY: proxy })).toThrow(/REQUEST_ID_PROXY/);
});

it('loads Stripe.js from Stripe with a live key, whatever STRIPE_JS_URL says', () => {
  expect(loadGatewayConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }).STRIPE_JS_URL).toBe('https://js.stripe.com/v3/');
  expect(() => loadGatewayConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_live_abc', STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/' })).toThrow(/STRIPE_JS_URL/);
  expect(loadGatewayConfig({ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc', STRIPE_JS_URL: 'http://127.0.0.1:12111/v3/' }).STRIPE_JS_URL).toBe(
    'http://127.0.0.1:12111/v3/',
  );
});

it('defaults to the conventional ports and the sibling workspaces’ builds', () => {
  const root = path.resolve(__dirname, '../..');
  expect(loadGatewayConfig({})).toMatchObject({
    PORT: 8080,
    IDENTITY_URL: 'http://127.0.0.1:4001',
    PROVIDERS_URL: 'http://127.0.0.1:4002',
    BILLING_URL: 'http://127.0.0.1:4003',
    NOTIFY_URL: 'http://127.0.0.1:4004',
    SHELL_DIST: path.join(root, 'shell', 'dist'),
    MEMBER_DIST: path.join(root, 'mfe-member', 'dist'),
    PROVIDER_DIST: path.join(root, 'mfe-provider', 'dist'),
    ADMIN_DIST: path.join(root, 'mfe-admin', 'dist'),
    REMOTE_MEMBER_ENTRY: '/remotes/member/mf-manifest.json',
    REMOTE_PROVIDER_ENTRY: '/remotes/provider/mf-manifest.json',
    REMOTE_ADMIN_ENTRY: '/remotes/admin/mf-manifest.json',
    REQUEST_ID_PROXY: [],
  });
  expect(loadGatewayConfig({ REQUEST_ID_PROXY: 'loopback, 10.0.0.0/8' }).REQUEST_ID_PROXY).toEqual(['loopback', '10.0.0.0/8']);
});
