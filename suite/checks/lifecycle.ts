// The lifecycle of payments as a merchant lives it: sequences of creating, asking, paying, declining,
// pressing again and waiting for callbacks, each answer checked against a model (lifecycle-model.ts).
import fc from 'fast-check';
import { readFcReplayPath } from '../../generators/settings.js';
import { forAll } from '../harness/property.js';
import type { BrowserCheck } from '../harness/check.js';
import { lifecycleCommands, type LifecycleModel, type LifecycleReal } from './lifecycle-model.js';

/** Commands per sequence at the most: long enough to pay, press again and hear back about several payments. */
const MAX_COMMANDS = 12;

export function lifecycleFollowsModel(): BrowserCheck {
  return {
    name: 'lifecycleFollowsModel()',
    title:
      'command sequences (create, duplicate, the transaction on the other operation, invalid, status, open, pay, decline, press again, await callback) follow the lifecycle model',
    rules: [
      'DOC-STATE-OUTCOME',
      'PRO-STATE-FINAL',
      'PRO-CB-STATUS-AT-ARRIVAL',
      'DOC-PAY-ID-UNIQUE',
      'PRO-VAL-DUPLICATE-TRANSACTION',
      'PRO-VAL-TRANSACTION-PER-OPERATION',
      'PRO-STATUS-SUCCESS',
      'PRO-CB-PAYLOAD-UNCHANGED',
    ],
    browser: true,
    property: true,
    async run({ api, page, inbox }) {
      const replayPath = readFcReplayPath();
      // size 'max': sequences up to MAX_COMMANDS long. fast-check's default size drew about three commands a
      // sequence, so a create, a press and a status in that order were rare (Pay declining went uncaught in 96 sequences).
      const sequences = fc.commands(lifecycleCommands(api), { maxCommands: MAX_COMMANDS, size: 'max', ...(replayPath ? { replayPath } : {}) });
      // Each sequence (and each shrink of it) starts from an empty model: its payments are its own.
      await forAll(
        sequences,
        async (commands) => {
          const setup = (): { model: LifecycleModel; real: LifecycleReal } => ({ model: { payments: [] }, real: { api, page, inbox, log: [] } });
          await fc.asyncModelRun(setup, commands);
        },
        { rule: 'DOC-STATE-OUTCOME', share: 0.016, streams: 1 },
      );
    },
  };
}
