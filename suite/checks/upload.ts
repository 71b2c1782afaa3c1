// Vehicle file upload (Endpoints 3; profile: multipart/form-data, text part api_key, file part file):
// accepted with api_key alone, no signature; refused keyed by the field when a part is missing, the key
// unknown or the file over the profile's size.
import { unknownApiKeys } from '../../generators/variants/index.js';
import type { RuleId } from '../../contracts/index.js';
import { HOSTILE_FILE_NAMES, uploadRequest } from '../../generators/arbitraries/index.js';
import type { Exchange } from '../harness/exchange.js';
import { expectAccepted, expectJsonContentType, expectNoServerError, expectSchema, expectStatus, responseOf } from '../harness/expect-response.js';
import { CheckFailure } from '../harness/failure.js';
import { softly } from '../harness/findings.js';
import { findDisclosure, stringsOf } from './disclosure-patterns.js';
import { expectProfileValidation } from '../harness/variants.js';
import { forAll } from '../harness/property.js';
import type { ProviderApi } from '../harness/provider-api.js';
import { requireProfile, step, type ApiCheck } from '../harness/check.js';
import { vehicleFile, vehicleFileOfSize } from '../../generators/vehicle-files.js';
import { eachAtOnce } from '../harness/at-once.js';

/**
 * The upload is refused with the profile validation body keyed exactly `breaks`: a 2xx breaks `rule`
 * (what the refusal is owed to); another status or shape breaks PRO-UPL-VALIDATION; several fields
 * reported partly PRO-VAL-ALL-FIELDS; no "required" word PRO-VAL-MISSING.
 */
export function expectUploadRefused(api: ProviderApi, exchange: Exchange, e: { rule: RuleId; breaks: string[]; required?: boolean }): void {
  expectProfileValidation(api, exchange, {
    rule: e.rule,
    keysRule: 'PRO-UPL-VALIDATION',
    shapeRule: 'PRO-UPL-VALIDATION',
    breaks: e.breaks,
    required: e.required ? 'PRO-VAL-MISSING' : undefined,
  });
}

/** api_key and file, no signature part: accepted. */
export function uploadWithoutSignatureAccepted(): ApiCheck {
  return {
    name: 'uploadWithoutSignatureAccepted()',
    title: 'an upload carrying only api_key and file, no signature, is accepted',
    rules: ['DOC-AUTH-UPL-NO-SIGNATURE'],
    async run({ api }) {
      const exchange = await api.upload({ api_key: api.merchant.apiKey, file: vehicleFile() });
      expectAccepted(exchange, 'DOC-AUTH-UPL-NO-SIGNATURE', 'a vehicle file with api_key and no signature');
    },
  };
}

/** Generated vehicle files are accepted with the profile's success status and a {message} body. */
export function uploadAccepted(): ApiCheck {
  return {
    name: 'uploadAccepted()',
    title: 'a multipart vehicle file (text part api_key, file part file) is accepted with the profile success status and a {message} body',
    rules: ['PRO-UPL-SUCCESS', 'PRO-UPL-MULTIPART', 'DOC-UPL-REQ-API_KEY', 'DOC-UPL-REQ-FILE', 'DOC-AUTH-UPL-NO-SIGNATURE'],
    property: true,
    run: ({ api }) =>
      // Files up to the profile's largest size: ten runs meet every class of file (one of them that largest).
      forAll(
        uploadRequest(api.merchant, { maxFileBytes: api.profile.upload.maxFileBytes }),
        async (generated) => {
          const exchange = await api.upload(generated);
          expectStatus(exchange, 'PRO-UPL-SUCCESS', api.profile.http.success, `vehicle file ${generated.file.filename} accepted`);
          expectSchema(exchange, 'PRO-UPL-SUCCESS', 'upload-response', 'the upload response');
        },
        { rule: 'PRO-UPL-SUCCESS', share: 0.2, maxRuns: 10 },
      ),
  };
}

/** An upload's success body is sent as application/json. */
export function uploadSentAsJson(): ApiCheck {
  return {
    name: 'uploadSentAsJson()',
    title: 'an upload success body is sent as application/json',
    rules: ['PRO-HTTP-CONTENT-TYPE'],
    async run({ api }) {
      requireProfile(api.profile.http.jsonContentType, 'profile http.jsonContentType is false');
      const exchange = await api.upload({ api_key: api.merchant.apiKey, file: vehicleFile() });
      expectStatus(exchange, 'PRO-UPL-SUCCESS', api.profile.http.success, 'vehicle file accepted');
      expectJsonContentType(exchange, 'PRO-HTTP-CONTENT-TYPE');
    },
  };
}

/** A file of exactly the profile's maximum size is accepted. */
export function uploadMaxSizeAccepted(): ApiCheck {
  return {
    name: 'uploadMaxSizeAccepted()',
    title: 'a vehicle file of exactly the profile maximum size is accepted',
    rules: ['PRO-UPL-MAX-SIZE'],
    async run({ api }) {
      const size = api.profile.upload.maxFileBytes;
      const exchange = await api.upload({ api_key: api.merchant.apiKey, file: vehicleFileOfSize(size) });
      expectStatus(exchange, 'PRO-UPL-MAX-SIZE', api.profile.http.success, `a file of ${size} bytes is within the limit`);
    },
  };
}

/** A file one byte over the maximum is refused keyed file. */
export function uploadOverMaxSizeRefused(): ApiCheck {
  return {
    name: 'uploadOverMaxSizeRefused()',
    title: 'a vehicle file one byte over the profile maximum size is refused keyed file',
    rules: ['PRO-UPL-MAX-SIZE', 'PRO-UPL-VALIDATION'],
    async run({ api }) {
      const size = api.profile.upload.maxFileBytes + 1;
      expectUploadRefused(api, await api.upload({ api_key: api.merchant.apiKey, file: vehicleFileOfSize(size) }), {
        rule: 'PRO-UPL-MAX-SIZE',
        breaks: ['file'],
      });
    },
  };
}

/** An upload without api_key (absent, or empty where the profile counts "" as missing) is refused keyed api_key. */
export function uploadWithoutApiKeyRefused(): ApiCheck {
  return {
    name: 'uploadWithoutApiKeyRefused()',
    title: 'an upload without api_key (absent or empty) is refused with a "required" message keyed api_key',
    rules: ['DOC-UPL-REQ-API_KEY', 'PRO-UPL-VALIDATION', 'PRO-VAL-MISSING', 'PRO-VAL-STATUS'],
    async run({ api }) {
      await step('api_key part absent', async () =>
        expectUploadRefused(api, await api.upload({ file: vehicleFile() }), { rule: 'DOC-UPL-REQ-API_KEY', breaks: ['api_key'], required: true }),
      );
      // A profile where "" is not missing still refuses an empty key, but without the word "required".
      await step('api_key part empty', async () =>
        expectUploadRefused(api, await api.upload({ api_key: '', file: vehicleFile() }), {
          rule: 'PRO-VAL-MISSING',
          breaks: ['api_key'],
          required: api.profile.validation.emptyStringIsMissing,
        }),
      );
    },
  };
}

/** An upload with an unknown api_key is refused keyed api_key. */
export function uploadUnknownApiKeyRefused(): ApiCheck {
  return {
    name: 'uploadUnknownApiKeyRefused()',
    title: 'an upload with an unknown api_key is refused keyed api_key',
    rules: ['DOC-AUTH-API_KEY', 'PRO-UPL-VALIDATION', 'PRO-VAL-UNKNOWN-API_KEY', 'PRO-VAL-STATUS'],
    async run({ api }) {
      for (const [label, apiKey] of unknownApiKeys(api.merchant.apiKey))
        await step(`an api_key ${label}`, async () =>
          expectUploadRefused(api, await api.upload({ api_key: apiKey, file: vehicleFile() }), { rule: 'DOC-AUTH-API_KEY', breaks: ['api_key'] }),
        );
    },
  };
}

/** An upload without a file part is refused keyed file. */
export function uploadWithoutFileRefused(): ApiCheck {
  return {
    name: 'uploadWithoutFileRefused()',
    title: 'an upload without a file part is refused with a "required" message keyed file',
    rules: ['DOC-UPL-REQ-FILE', 'PRO-UPL-VALIDATION', 'PRO-VAL-MISSING', 'PRO-VAL-STATUS'],
    async run({ api }) {
      expectUploadRefused(api, await api.upload({ api_key: api.merchant.apiKey }), { rule: 'DOC-UPL-REQ-FILE', breaks: ['file'], required: true });
    },
  };
}

/** An upload with neither part gets both reported. */
export function uploadWithNeitherPartRefused(): ApiCheck {
  return {
    name: 'uploadWithNeitherPartRefused()',
    title: 'an upload with neither api_key nor file gets both reported',
    rules: ['PRO-VAL-ALL-FIELDS', 'PRO-UPL-VALIDATION', 'PRO-VAL-STATUS'],
    async run({ api }) {
      expectUploadRefused(api, await api.upload({}), { rule: 'DOC-UPL-REQ-FILE', breaks: ['api_key', 'file'], required: true });
    },
  };
}

/** The names a provider may echo of a file name: the whole, and each segment between separators. */
export const echoesOf = (name: string): string[] => [name, ...name.split(/[/\\]/)].filter((s) => s.length > 0);

/**
 * Hostile file names (generators: every member of every class, once as the platform's encoder writes the name,
 * and those with characters it rewrites once more in an RFC 8187 filename*): each upload is accepted with the
 * profile's {message}, or refused keyed file; never a server error (PRO-ERR-SERVER), and no answer tells a
 * path of the server (once the name sent, and its segments, are set aside).
 */
export function hostileFileNamesHandled(): ApiCheck {
  const RULE: RuleId = 'PRO-SEC-UPLOAD-FILE-NAME';
  return {
    name: 'hostileFileNamesHandled()',
    title:
      'uploads named with path separators, traversal (../../etc/passwd, ..\\..\\win.ini), absolute paths, over 255 bytes, CR LF or NUL, bidi overrides, nothing, only dots or a device name (CON, NUL) are accepted or refused keyed file: never a server error, never an answer that tells a server path',
    rules: [RULE, 'PRO-ROBUST-NO-SERVER-ERROR', 'PRO-UPL-VALIDATION'],
    async run({ api }) {
      const sends = HOSTILE_FILE_NAMES.flatMap((h) => [
        // A control character other than tab, CR and LF (which the platform writes as %0D %0A) is no header text
        // (RFC 9110 5.5): written raw it makes the request malformed, so it goes only in filename*.
        ...(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(h.name) ? [] : [{ ...h, parameter: 'filename' as const }]),
        // What the platform rewrites (CR, LF, quotes) or a parser may keep apart (controls, bidi) goes as written.
        ...(/[\r\n"\u0000-\u001f\u007f\u202A-\u202E\u2066-\u2069]/.test(h.name) ? [{ ...h, parameter: 'filename*' as const }] : []),
      ]);
      await eachAtOnce(api.atOnce, sends, ({ class: cls, name, parameter }) =>
        step(`${cls}: ${JSON.stringify(name).slice(0, 60)} as ${parameter}`, async () => {
          const exchange = await api.upload({ api_key: api.merchant.apiKey, file: { ...vehicleFile(), filename: name, filenameParameter: parameter } });
          const what = `an upload named ${JSON.stringify(name)} (${cls}, ${parameter})`;
          // A 5xx for a file name nobody classified: hardening, which warns by default; what it says is still read.
          await softly(api, () => expectNoServerError(exchange, what, 'PRO-ROBUST-NO-SERVER-ERROR'));
          const res = responseOf(exchange, RULE, `an answer to ${what}`);
          if (res.status >= 200 && res.status <= 299) expectSchema(exchange, 'PRO-UPL-SUCCESS', 'upload-response', 'the upload response');
          else if (res.status < 500) expectUploadRefused(api, exchange, { rule: RULE, breaks: ['file'] });
          const said = res.json === undefined ? res.bodyText : stringsOf(res.json).join('\n');
          const found = findDisclosure(said, echoesOf(name));
          if (found)
            throw new CheckFailure({
              rule: RULE,
              expected: `the answer to ${what} tells no path of the server`,
              received: `${found.what}: …${found.excerpt}…`,
              exchange,
            });
        }),
      );
    },
  };
}
