import type { Profile } from './profile.js';
import type { NetworkConditions } from './network.js';

export interface MerchantConfig {
  /** Object key issued by the manager (sent in every request). */
  apiKey: string;
  /** Secret for the sha256 signatures; never sent, never shown in a response. */
  cryptoKey: string;
  /** The merchant's RSA public key (PEM, SPKI or PKCS#1) that verifies X-Sign. */
  publicKeyPem: string;
  /** Where callbacks for this merchant's payments go; none sent when absent. */
  callbackUrl?: string;
}

export interface ProviderOptions {
  /** 0 = any free port (default). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  merchants: MerchantConfig[];
  /** Names from faultCatalog; an unknown name throws. */
  faults?: string[];
  /** Names from variationCatalog (allowed behaviours the default does not show); an unknown name throws. */
  variations?: string[];
  /**
   * A complete profile (the shape of contracts/profile.default.json) the provider follows wherever it
   * describes provider behaviour: paths, statuses, validation, states, X-Sign, upload limit, status
   * method, page and callbacks. Default: the default profile.
   */
  profile?: Profile;
  /**
   * Delays between callback tries, the last one repeated as needed. Tries in all: max(1, profile
   * callbacks.minDeliveries) while the merchant does not answer 2xx. Default [200, 1000, 3000, 10000].
   */
  callbackRetryDelaysMs?: number[];
  /** How long a callback try may take before it is abandoned and counts as not answered. Default 3000. */
  callbackTryTimeoutMs?: number;
  /** Memory bound; the oldest final payments are evicted first. Default 10000. */
  maxPayments?: number;
  /** Milliseconds added to the clock of created_at (tests of the suite's tolerance). Default 0. */
  clockSkewMs?: number;
  /** A network in front of the provider: latency, dropped connections, 503 bursts, slow answers (over the network variations'). */
  network?: NetworkConditions;
}

export interface RunningProvider {
  /** Base address of the API. */
  url: string;
  /** Base address of the payment pages: url, or another server's (variation page-other-origin). */
  pageUrl: string;
  close(): Promise<void>;
  faults: readonly string[];
  variations: readonly string[];
}
