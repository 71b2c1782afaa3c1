// The seam of the upload's decisions: its file limit and how it is read, what authenticates the upload, how a
// refusal is written, what is done with the file's client name, and how success is answered. The clean policy is
// the profile's: the limit on the bytes read, api_key alone, the file kept nowhere.
import type { Profile } from '../profile.js';
import type { SeamTable } from './apply.js';

interface UploadPolicy {
  maxFileBytes: number;
  /** The limit held always, never, or only where the request states its Content-Length. */
  limit: 'always' | 'never' | 'with-content-length';
  unknownKeyAccepted: boolean;
  signatureRequired: boolean;
  /** A refusal is one {message} naming the fields, not the validation failure's shape. */
  refusalAsMessage: boolean;
  /** The file is written under its client name (a name that leaves the folder fails with a 500). */
  writesFileName: boolean;
  /** The success's message says where the file was written. */
  quotesPath: boolean;
  /** The success's message; null: the wording's. */
  acceptedMessage: string | null;
  successStatus: number;
}

const MiB = 1024 * 1024;
/** Variation upload-other-message. */
const OTHER_UPLOAD_MESSAGE = 'Файл принят в обработку, 2 записи';

export const cleanUploadPolicy = (profile: Profile): UploadPolicy => ({
  maxFileBytes: profile.upload.maxFileBytes,
  limit: 'always',
  unknownKeyAccepted: false,
  signatureRequired: false,
  refusalAsMessage: false,
  writesFileName: false,
  quotesPath: false,
  acceptedMessage: null,
  successStatus: profile.http.success,
});

export const UPLOAD_POLICY_SEAMS: SeamTable<UploadPolicy> = {
  // Faults
  'upload-no-size-limit': (s) => void (s.limit = 'never'),
  // The limit is read from Content-Length, so a chunked body has none.
  'upload-limit-content-length-only': (s) => void (s.limit = 'with-content-length'),
  // The limit read as decimal megabytes.
  'upload-limit-decimal-mb': (s) => void (s.maxFileBytes = Math.floor(s.maxFileBytes / MiB) * 1_000_000),
  'upload-unknown-key-accepted': (s) => void (s.unknownKeyAccepted = true),
  'upload-requires-signature': (s) => void (s.signatureRequired = true),
  'upload-validation-400': (s) => void (s.refusalAsMessage = true),
  'upload-writes-file-name': (s) => void (s.writesFileName = true),
  'upload-answer-quotes-path': (s) => void (s.quotesPath = true),
  'upload-status-201': (s) => void (s.successStatus = 201),
  // Variations
  'upload-other-message': (s) => void (s.acceptedMessage = OTHER_UPLOAD_MESSAGE),
};
