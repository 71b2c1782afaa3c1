// Transport rules on the upload path: POST only, JSON answers.
import { test, rule } from '../../harness/rule.js';
import { expectStatus, expectJsonContentType } from '../../harness/expect-response.js';
import { vehicleFile } from './support.js';

const OTHER_METHODS = ['GET', 'PUT', 'PATCH', 'DELETE'];

test(...rule(['PRO-HTTP-405', 'DOC-HTTP-POST'], 'methods other than POST on the upload path get 405'), async ({ api }) => {
  for (const method of OTHER_METHODS) {
    await test.step(method, async () => {
      const exchange = await api.request(method, api.profile.paths.upload);
      expectStatus(exchange, 'PRO-HTTP-405', api.profile.http.methodNotAllowed, `${method} is not allowed`);
    });
  }
});

test(...rule('PRO-HTTP-CONTENT-TYPE', 'validation answers on the upload path are application/json'), async ({ api }) => {
  await test.step('no parts', async () => expectJsonContentType(await api.upload({}), 'PRO-HTTP-CONTENT-TYPE'));
  await test.step('unknown api_key', async () =>
    expectJsonContentType(await api.upload({ api_key: 'unknown-api-key', file: vehicleFile() }), 'PRO-HTTP-CONTENT-TYPE'));
});
