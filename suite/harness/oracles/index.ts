// The oracles every exchange of the run passes through (suite/runner/fixtures/http.ts).
import { answersCarryNoCryptoKey, answersNotSharedCacheable } from './answers-kept.js';
import { answersInTimeOfPeers } from './answer-time.js';
import { answersAreInteroperable, answersAreUtf8 } from './json-text.js';
import type { Oracle } from './tally.js';

export const ORACLES: readonly Oracle[] = [answersAreUtf8, answersAreInteroperable, answersNotSharedCacheable, answersCarryNoCryptoKey, answersInTimeOfPeers];
