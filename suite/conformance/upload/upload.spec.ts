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
import { declareChecks, test } from '../../runner/declarations.js';
import { answerHeadersSafe } from '../../checks/passive-answers.js';

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
  // Hostile file names (docs/security-probes.md)
  hostileFileNamesHandled(),
  // Passive look at the answers (docs/security-probes.md)
  answerHeadersSafe('upload'),
];

declareChecks('upload', CHECKS, (...d) => test(...d));
