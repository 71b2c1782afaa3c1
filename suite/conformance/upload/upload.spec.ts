// The vehicle file upload (Endpoints 3).
import { answersSentAsJson, otherMethodsRefused, versionedPath } from '../../checks/transport.js';
import {
  uploadAccepted,
  uploadMaxSizeAccepted,
  uploadOverMaxSizeRefused,
  uploadUnknownApiKeyRefused,
  uploadWithNeitherPartRefused,
  uploadWithoutApiKeyRefused,
  uploadWithoutFileRefused,
  uploadSentAsJson,
  uploadWithoutSignatureAccepted,
  hostileFileNamesHandled,
} from '../../checks/upload.js';
import { spellingsOfInvalidRequestRefused, spellingsOfValidRequestAgree } from '../../checks/spellings.js';
import { uploadOverMaxSizeRefusedChunked } from '../../checks/upload-framing.js';
import { methodRefusalsListAllow, otherMethodTokensNotCarriedOut, traceRefused } from '../../checks/methods.js';
import { declareChecks } from '../../runner/declarations.js';
import { answerHeadersSafe } from '../../checks/passive-answers.js';
import { archiveBombsHandled, archiveEntryPathsHandled } from '../../checks/upload-archives.js';
import { expectContinueAnswered } from '../../checks/expect-continue.js';
import { apiKeySpellingsRefused } from '../../checks/equivalence.js';
import { http10RequestAnswered } from '../../checks/http10.js';

const CHECKS = [
  uploadWithoutSignatureAccepted(),
  uploadAccepted(),
  uploadSentAsJson(),
  uploadMaxSizeAccepted(),
  uploadOverMaxSizeRefused(),
  uploadWithoutApiKeyRefused(),
  uploadUnknownApiKeyRefused(),
  uploadWithoutFileRefused(),
  uploadWithNeitherPartRefused(),
  otherMethodsRefused('upload'),
  answersSentAsJson('upload'),
  versionedPath('upload'),
  // Hostile file names (docs/security/upload.md)
  hostileFileNamesHandled(),
  // Passive look at the answers (docs/security/passive-look.md)
  answerHeadersSafe('upload'),
  // The same request spelled another way, and the size limit of a chunked body (docs/security/input.md, docs/security/upload.md)
  spellingsOfValidRequestAgree('upload'),
  spellingsOfInvalidRequestRefused('upload'),
  expectContinueAnswered('upload'),
  http10RequestAnswered('upload'),
  // Security decisions under equivalence (docs/security/equivalence.md)
  apiKeySpellingsRefused('upload'),
  uploadOverMaxSizeRefusedChunked(),
  // Methods other than POST (docs/security/methods.md)
  otherMethodTokensNotCarriedOut('upload'),
  traceRefused('upload'),
  methodRefusalsListAllow('upload'),
  // Archives in the vehicle file: bombs, many entries, zip slip and symbolic links (docs/security/upload.md)
  archiveBombsHandled(),
  archiveEntryPathsHandled(),
];

declareChecks('upload', CHECKS, import.meta.url);
