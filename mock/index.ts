/** The embedded reference provider of the Payment Transfer Service (see mock/README.md). */
export { startProvider, PATHS } from './server.js';
export { faultCatalog, type FaultDefinition, type FaultName } from './faults/catalog.js';
export { variationCatalog, type VariationDefinition, type VariationName } from './variations/catalog.js';
export { DEFAULT_PROFILE, type Profile } from './profile.js';
export type { MerchantConfig, ProviderOptions, RunningProvider } from './types.js';
