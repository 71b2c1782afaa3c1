// Redocly CLI plugin for contracts/openapi.json, loaded by contracts/redocly.yaml (npm run lint:openapi).
//
// Why: every contract schema has an `$id` under SCHEMA_BASE_URI (contracts/schema-files.ts) that mirrors
// its file path, and refers to the others relatively (`common.schema.json#/$defs/uuid`). Redocly resolves
// $refs by file path, but its example validator lets a schema's own `$id` win as the base URI and then
// cannot find `common.schema.json` under that URL ("Example validation errored: can't resolve reference").
// Dropping those `$id`s from Redocly's in-memory copy makes both resolve by file path, which names the same
// schemas because the ids mirror the files. The schema files are not touched.
const SCHEMA_BASE_URI = 'https://pts-conformance.test/schemas/';

export default function ptsContractsPlugin() {
  return {
    id: 'pts',
    preprocessors: {
      oas3: {
        'schema-ids-as-files': () => ({
          Schema: {
            enter(schema) {
              if (typeof schema.$id === 'string' && schema.$id.startsWith(SCHEMA_BASE_URI)) delete schema.$id;
            },
          },
        }),
      },
    },
  };
}
