// Positive acceptance: a multipart vehicle file with api_key (and no signature) is accepted with {message}.
import { test, rule } from '../../harness/rule.js';
import { forAll } from '../../harness/property.js';
import { expectStatus, expectSchema, expectJsonContentType } from '../../harness/expect-response.js';
import { expectAccepted } from '../../harness/requests.js';
import { uploadRequest } from '../../../generators/arbitraries/index.js';
import { vehicleFile } from './support.js';

test(...rule('DOC-AUTH-UPL-NO-SIGNATURE', 'an upload carrying only api_key and file, no signature, is accepted'), async ({ api }) => {
  const exchange = await api.upload({ api_key: api.merchant.apiKey, file: vehicleFile() });
  expectAccepted(exchange, 'DOC-AUTH-UPL-NO-SIGNATURE', 'a vehicle file with api_key and no signature');
});

test(...rule(['PRO-UPL-SUCCESS', 'PRO-UPL-MULTIPART', 'DOC-UPL-REQ-API_KEY', 'DOC-UPL-REQ-FILE', 'DOC-AUTH-UPL-NO-SIGNATURE'],
  'a multipart vehicle file (text part api_key, file part file) is accepted with the profile success status and a {message} body'), async ({ api }) => {
  await forAll(uploadRequest(api.merchant), async (generated) => {
    const exchange = await api.upload(generated);
    expectStatus(exchange, 'PRO-UPL-SUCCESS', api.profile.http.success, `vehicle file ${generated.file.filename} accepted`);
    expectSchema(exchange, 'PRO-UPL-SUCCESS', 'upload-response', 'the upload response');
  }, { rule: 'PRO-UPL-SUCCESS', numRuns: 5 });
});

test(...rule('PRO-HTTP-CONTENT-TYPE', 'an upload success body is sent as application/json'), async ({ api }) => {
  const exchange = await api.upload({ api_key: api.merchant.apiKey, file: vehicleFile() });
  expectStatus(exchange, 'PRO-UPL-SUCCESS', api.profile.http.success, 'vehicle file accepted');
  expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
});
