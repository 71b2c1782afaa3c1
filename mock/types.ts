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
  /** Delays between callback tries; tries in all = length + 1. Default [200, 1000, 3000, 10000]. */
  callbackRetryDelaysMs?: number[];
  /** Memory bound; the oldest final payments are evicted first. Default 10000. */
  maxPayments?: number;
}

export interface RunningProvider {
  url: string;
  close(): Promise<void>;
  faults: readonly string[];
}
