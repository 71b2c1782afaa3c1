/** Generators: signing, amounts, arbitraries, builders, invalid variants and fast-check settings. */
export * from './signing.js';
export * from './amounts.js';
export * from './builders.js';
export * from './settings.js';
export * from './arbitraries/index.js';
export * from './variants/index.js';
