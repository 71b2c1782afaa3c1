// The reference provider's command line (`payment-transfer-conformance mock`): one table, which mock/cli.ts parses
// and the command's help (scripts/cli-help.ts) prints. Each option may come from its environment variable instead.
import type { OptionSpec } from '../contracts/command-line.js';

export const MOCK_OPTIONS: readonly OptionSpec[] = [
  { name: 'port', value: 'N', valueForm: 'count', env: 'PTS_MOCK_PORT', default: '0', meaning: 'port to listen on; 0: any free port' },
  { name: 'host', value: 'ADDR', env: 'PTS_MOCK_HOST', default: '127.0.0.1', meaning: 'address to bind' },
  { name: 'api-key', value: 'KEY', env: 'PTS_MOCK_API_KEY', meaning: "the merchant's object key; generated when absent (printed)" },
  { name: 'crypto-key', value: 'KEY', env: 'PTS_MOCK_CRYPTO_KEY', meaning: "the merchant's secret for sha256 signatures; generated when absent (printed)" },
  {
    name: 'public-key',
    value: 'FILE',
    env: 'PTS_MOCK_PUBLIC_KEY',
    meaning:
      "the merchant's RSA public key for X-Sign (PEM); when absent a key pair is generated, its private key written to a 0600 file in the temporary folder (printed) and removed on shutdown",
  },
  { name: 'callback-url', value: 'URL', env: 'PTS_MOCK_CALLBACK_URL', meaning: 'where callbacks are POSTed; none when absent' },
  { name: 'faults', value: 'A,B', env: 'PTS_MOCK_FAULTS', meaning: 'faults to switch on, by name (--faults-list)' },
  { name: 'variations', value: 'A,B', env: 'PTS_MOCK_VARIATIONS', meaning: 'allowed variations to switch on, by name (--variations-list)' },
  {
    name: 'network',
    value: 'K=V,...',
    env: 'PTS_MOCK_NETWORK',
    meaning:
      'a network in front of the provider: latency=MS (every answer), drop=N (one request in N dropped), unavailable=N,burst=K (one in N starts K answers 503 Retry-After: 1), slow=N,slowms=MS (one in N late)',
  },
  { name: 'faults-list', meaning: 'print the faults (one rule broken each) and exit' },
  { name: 'variations-list', meaning: 'print the variations (behaviours the document and the default profile allow) and exit' },
];
