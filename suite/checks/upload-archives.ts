// Archives in the vehicle file upload (ASVS 5.0 5.2.3, 5.2.5, 5.3.3). The document does not show the file's type and
// the profile takes any file up to its size, so an archive may be stored as it is, unpacked, or refused keyed file:
// what is judged is that it never breaks the provider (a server error, no answer, a provider that stops answering)
// and that no answer tells where the provider unpacks. A silent write outside the folder cannot be seen from outside.
import { archiveBombs, archivesWithHostilePaths, type ArchiveUpload } from '../../generators/archives.js';
import type { RuleId } from '../../contracts/index.js';
import { vehicleFile } from '../../generators/vehicle-files.js';
import { step, type ApiCheck } from '../harness/check.js';
import type { Exchange, ReceivedResponse } from '../harness/exchange.js';
import { expectSchema } from '../harness/expect-response.js';
import { CheckFailure, describeResponse, ProviderUnavailable } from '../harness/failure.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { findDisclosure, stringsOf } from './disclosure-patterns.js';
import { echoesOf, expectUploadRefused } from './upload.js';

const BOUNDED: RuleId = 'PRO-SEC-UPLOAD-ARCHIVE-BOUNDED';
const PATHS: RuleId = 'PRO-SEC-UPLOAD-ARCHIVE-PATHS';

const control = (api: ProviderApi) => api.upload({ api_key: api.merchant.apiKey, file: vehicleFile() }, { probe: true });

/**
 * The answer to an archive upload. None (after the client's tries), or a gateway's: a plain upload sent at once is
 * the control of the same moment. Answered, the provider was there and the archive is what it could not answer
 * (`rule`); lost too, the check is not judged.
 */
async function answerTo(api: ProviderApi, rule: RuleId, archive: ArchiveUpload): Promise<{ exchange: Exchange; res: ReceivedResponse }> {
  const exchange = await api.upload({ api_key: api.merchant.apiKey, file: archive.file });
  if (exchange.response !== undefined && !exchange.unavailable) return { exchange, res: exchange.response };
  const plain = await control(api);
  if (plain.unavailable || plain.response === undefined)
    throw new ProviderUnavailable(
      `${archive.what}: ${describeResponse(exchange)}; a control of the same moment met trouble too: ${describeResponse(plain)}`,
      true,
    );
  throw new CheckFailure({
    rule,
    expected: `an answer to ${archive.what} within REQUEST_TIMEOUT (${api.requestTimeoutMs / 1000} s), as to a plain upload`,
    received: `${describeResponse(exchange)}; a control of the same moment, a small vehicle file, was answered HTTP ${plain.response.status} in ${plain.ms} ms`,
    exchange,
  });
}

/** Accepted with the profile's {message}, or refused keyed file; a server error is the archive breaking the provider (`rule`). */
function expectTakenOrRefused(api: ProviderApi, rule: RuleId, archive: ArchiveUpload, exchange: Exchange, res: ReceivedResponse): void {
  if (res.status >= 500)
    throw new CheckFailure({
      rule,
      expected: `${archive.what} accepted or refused keyed file, never a server error`,
      received: describeResponse(exchange),
      exchange,
    });
  if (res.status >= 200 && res.status <= 299) expectSchema(exchange, 'PRO-UPL-SUCCESS', 'upload-response', 'the upload response');
  else expectUploadRefused(api, exchange, { rule, breaks: ['file'] });
}

/**
 * A gzip and a zip that expand to four times the profile's file limit (about 1/1000 of that on the wire), and a
 * zip of 10 000 entries: each accepted or refused keyed file, answered in time, never a server error; and a plain
 * upload is answered after them (no lasting exhaustion).
 */
export function archiveBombsHandled(): ApiCheck {
  return {
    name: 'archiveBombsHandled()',
    title:
      'a small gzip and zip that expand past the profile maximum file size, and a zip of 10 000 entries, are accepted or refused keyed file, answered in time and never with a server error; a plain upload is answered after them',
    rules: [BOUNDED],
    async run({ api }) {
      for (const archive of archiveBombs(api.profile.upload.maxFileBytes))
        await step(archive.what, async () => {
          const { exchange, res } = await answerTo(api, BOUNDED, archive);
          expectTakenOrRefused(api, BOUNDED, archive, exchange, res);
        });
      await step('a plain upload after the archives', async () => {
        const after = await control(api);
        const status = after.response?.status;
        if (after.unavailable || status === undefined || status >= 500)
          throw new CheckFailure({
            rule: BOUNDED,
            expected: `a plain vehicle file answered within REQUEST_TIMEOUT right after the archives were answered (nothing of them lasts)`,
            received: describeResponse(after),
            exchange: after,
          });
      });
    },
  };
}

/**
 * Zips whose entries lead out of the folder they are unpacked in (`../`, an absolute path, `..\`, a symbolic link to
 * /tmp and an entry through it): each accepted or refused keyed file, never a server error, and no answer tells a
 * path of the server once the entry names sent, their segments and the link's target are set aside.
 */
export function archiveEntryPathsHandled(): ApiCheck {
  return {
    name: 'archiveEntryPathsHandled()',
    title:
      'zips with ../, absolute, ..\\ and symbolic link entries are accepted or refused keyed file: never a server error, never an answer that tells a server path',
    rules: [PATHS],
    async run({ api }) {
      const marker = Math.random().toString(36).slice(2, 10);
      for (const archive of archivesWithHostilePaths(marker))
        await step(archive.what, async () => {
          const { exchange, res } = await answerTo(api, PATHS, archive);
          expectTakenOrRefused(api, PATHS, archive, exchange, res);
          const said = res.json === undefined ? res.bodyText : stringsOf(res.json).join('\n');
          const found = findDisclosure(said, [archive.file.filename, ...archive.names.flatMap(echoesOf)]);
          if (found)
            throw new CheckFailure({
              rule: PATHS,
              expected: `the answer to ${archive.what} tells no path of the server`,
              received: `${found.what}: …${found.excerpt}…`,
              exchange,
            });
        });
    },
  };
}
