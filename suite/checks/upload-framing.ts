// The upload's size limit whatever the framing: a file over the profile's maximum sent with Transfer-Encoding:
// chunked states no length up front, so a limit checked only from Content-Length lets it through.
import { MULTIPART_SPELLINGS } from '../../generators/variants/multipart.js';
import { step, type ApiCheck } from '../harness/check.js';
import { expectNoServerError, expectRefused } from '../harness/expect-response.js';
import { form, send } from './spellings.js';
import { vehicleFileOfSize } from '../../generators/vehicle-files.js';

/**
 * A file one byte over upload.maxFileBytes, sent chunked (no Content-Length; also with its parts in reverse
 * order), is refused as the length-delimited one is: keyed file, or the chunked framing refused outright.
 */
export function uploadOverMaxSizeRefusedChunked(): ApiCheck {
  return {
    name: 'uploadOverMaxSizeRefusedChunked()',
    title: 'a vehicle file one byte over the profile maximum size, sent chunked without Content-Length, is refused as the length-delimited one is',
    rules: ['PRO-UPL-MAX-SIZE'],
    async run({ api }) {
      const file = vehicleFileOfSize(api.profile.upload.maxFileBytes + 1);
      const parts = [
        { name: 'api_key', value: api.merchant.apiKey },
        { name: 'file', file },
      ];
      for (const spelling of [undefined, MULTIPART_SPELLINGS[0]])
        await step(`chunked${spelling ? `, ${spelling.name}` : ''}`, async () => {
          const c = form(api, parts, spelling);
          const exchange = await send(api, c, { ...c.request, chunked: true });
          expectRefused(exchange, 'PRO-UPL-MAX-SIZE', `a file of ${file.bytes.length} bytes (over upload.maxFileBytes) sent chunked`);
          expectNoServerError(exchange, 'a chunked upload over the size limit');
        });
    },
  };
}
