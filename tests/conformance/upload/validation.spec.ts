// Upload refusals: missing or unknown api_key, missing file, both at once; each 422 keyed by the field.
import { randomUUID } from 'node:crypto';
import { test, rule } from '../../harness/rule.js';
import { expectUploadRefused, vehicleFile } from './support.js';

test(...rule(['DOC-UPL-REQ-API_KEY', 'PRO-UPL-VALIDATION', 'PRO-VAL-MISSING', 'PRO-VAL-STATUS'], 'an upload without api_key (absent or empty) is refused with a "required" message keyed api_key'), async ({ api }) => {
  await test.step('api_key part absent', async () => {
    const exchange = await api.upload({ file: vehicleFile() });
    expectUploadRefused(api, exchange, { refusedRule: 'DOC-UPL-REQ-API_KEY', breaks: ['api_key'], what: 'no api_key part', required: true });
  });
  await test.step('api_key part empty', async () => {
    const exchange = await api.upload({ api_key: '', file: vehicleFile() });
    expectUploadRefused(api, exchange, { refusedRule: 'PRO-VAL-MISSING', breaks: ['api_key'], what: 'an empty api_key part', required: true });
  });
});

test(...rule(['DOC-AUTH-API_KEY', 'PRO-UPL-VALIDATION', 'PRO-VAL-UNKNOWN-API_KEY', 'PRO-VAL-STATUS'], 'an upload with an unknown api_key is refused keyed api_key'), async ({ api }) => {
  const exchange = await api.upload({ api_key: `unknown-${randomUUID()}`, file: vehicleFile() });
  expectUploadRefused(api, exchange, { refusedRule: 'DOC-AUTH-API_KEY', breaks: ['api_key'], what: 'an unknown api_key' });
});

test(...rule(['DOC-UPL-REQ-FILE', 'PRO-UPL-VALIDATION', 'PRO-VAL-MISSING', 'PRO-VAL-STATUS'], 'an upload without a file part is refused with a "required" message keyed file'), async ({ api }) => {
  const exchange = await api.upload({ api_key: api.merchant.apiKey });
  expectUploadRefused(api, exchange, { refusedRule: 'DOC-UPL-REQ-FILE', breaks: ['file'], what: 'no file part', required: true });
});

test(...rule(['PRO-VAL-ALL-FIELDS', 'PRO-UPL-VALIDATION', 'PRO-VAL-STATUS'], 'an upload with neither api_key nor file gets both reported'), async ({ api }) => {
  const exchange = await api.upload({});
  expectUploadRefused(api, exchange, { refusedRule: 'DOC-UPL-REQ-FILE', rule: 'PRO-VAL-ALL-FIELDS', breaks: ['api_key', 'file'], what: 'neither api_key nor file', required: true });
});
