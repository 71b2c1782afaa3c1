// The upload size limit of the profile (10 MiB by default): exactly the limit is accepted, one byte more refused keyed file.
import { test, rule } from '../../harness/rule.js';
import { expectStatus } from '../../harness/expect-response.js';
import { expectUploadRefused, vehicleFileOfSize } from './support.js';

test(...rule('PRO-UPL-MAX-SIZE', 'a vehicle file of exactly the profile maximum size is accepted'), async ({ api }) => {
  const size = api.profile.upload.maxFileBytes;
  const exchange = await api.upload({ api_key: api.merchant.apiKey, file: vehicleFileOfSize(size) });
  expectStatus(exchange, 'PRO-UPL-MAX-SIZE', api.profile.http.success, `a file of ${size} bytes is within the limit`);
});

test(...rule(['PRO-UPL-MAX-SIZE', 'PRO-UPL-VALIDATION'], 'a vehicle file one byte over the profile maximum size is refused keyed file'), async ({ api }) => {
  const size = api.profile.upload.maxFileBytes + 1;
  const exchange = await api.upload({ api_key: api.merchant.apiKey, file: vehicleFileOfSize(size) });
  expectUploadRefused(api, exchange, { refusedRule: 'PRO-UPL-MAX-SIZE', rule: 'PRO-UPL-MAX-SIZE', breaks: ['file'], what: `a file of ${size} bytes, over the limit` });
});
