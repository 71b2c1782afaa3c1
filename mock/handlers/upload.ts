import busboy from 'busboy';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DRAIN_CAP_BYTES, mediaType } from '../body.js';
import type { Ctx } from '../context.js';
import { ERRORS, UPLOAD_ACCEPTED } from '../errors.js';
import { sendError, sendJson, sendValidation, ValidationErrors } from '../respond.js';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** Whole multipart request: the file limit plus room for the other parts. */
export const MAX_UPLOAD_REQUEST_BYTES = 11 * 1024 * 1024;

/**
 * multipart/form-data with a text part `api_key` and a file part `file`. The file is only
 * counted (kept nowhere; its client file name is ignored).
 */
export function handleUpload(req: IncomingMessage, res: ServerResponse, ctx: Ctx): Promise<void> {
  const { faults } = ctx;
  if (mediaType(req.headers['content-type']) !== 'multipart/form-data') {
    req.resume();
    sendError(res, faults, ERRORS.unsupportedMediaTypeUpload);
    return Promise.resolve();
  }
  const noLimit = faults.has('upload-no-size-limit');
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: { fileSize: noLimit ? Infinity : MAX_FILE_BYTES + 1, fieldSize: 64 * 1024, fields: 50, files: 10, parts: 100 },
    });
  } catch {
    req.resume();
    sendError(res, faults, ERRORS.malformedMultipart);
    return Promise.resolve();
  }

  return new Promise<void>((resolve) => {
    const overall = noLimit ? DRAIN_CAP_BYTES : MAX_UPLOAD_REQUEST_BYTES;
    let total = 0;
    let tooLarge = false;
    let broken = false;
    let apiKey: string | undefined;
    let signature: string | undefined;
    let fileBytes: number | undefined;
    let fileEnded: Promise<void> = Promise.resolve();
    let answered = false;
    const answer = (fn: () => void) => {
      if (!answered) {
        answered = true;
        fn();
      }
      resolve();
    };

    bb.on('field', (name, value) => {
      if (name === 'api_key' && apiKey === undefined) apiKey = value;
      if (name === 'signature' && signature === undefined) signature = value;
    });
    bb.on('file', (name, stream) => {
      if (name !== 'file' || fileBytes !== undefined) {
        stream.resume();
        return;
      }
      fileBytes = 0;
      fileEnded = new Promise((done) => {
        stream.on('data', (c: Buffer) => (fileBytes! += c.length));
        stream.on('end', done);
        stream.on('error', done);
      });
    });
    bb.on('error', () => {
      broken = true;
    });
    bb.on('close', () => {
      void fileEnded.then(() => {
        if (broken) return answer(() => sendError(res, faults, ERRORS.malformedMultipart));
        answer(() => validate());
      });
    });

    const validate = () => {
      const errors = new ValidationErrors(faults);
      if (apiKey === undefined || apiKey === '') errors.required('api_key');
      else if (!ctx.merchants.find(apiKey, faults) && !faults.has('upload-unknown-key-accepted')) errors.add('api_key', 'Unknown api_key.');
      if (faults.has('upload-requires-signature') && !signature) errors.required('signature');
      if (fileBytes === undefined) errors.required('file');
      else if (fileBytes > MAX_FILE_BYTES && !noLimit) errors.add('file', `The file may not be greater than ${MAX_FILE_BYTES} bytes (10 MiB).`);
      if (!errors.empty) return sendValidation(res, faults, errors);
      sendJson(res, faults, faults.has('upload-status-201') ? 201 : 200, { message: UPLOAD_ACCEPTED });
    };

    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > overall) {
        tooLarge = true;
        if (total > DRAIN_CAP_BYTES) {
          answer(() => sendError(res, faults, ERRORS.payloadTooLarge, { connection: 'close' }));
          req.destroy();
        }
        return;
      }
      if (!broken) bb.write(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return answer(() => sendError(res, faults, ERRORS.payloadTooLarge));
      if (broken) return answer(() => sendError(res, faults, ERRORS.malformedMultipart));
      bb.end();
    });
    req.on('error', () => answer(() => undefined));
    req.on('close', () => {
      if (!req.complete) answer(() => undefined);
    });
  });
}
