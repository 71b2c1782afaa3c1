import busboy from 'busboy';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { posix } from 'node:path';
import { DRAIN_CAP_BYTES, mediaType } from '../body.js';
import type { Ctx } from '../context.js';
import { archiveOutcome, needsFileBytes, type ArchiveOutcome } from '../archive-upload.js';
import { sendError, sendJson, sendValidation, ValidationErrors } from '../respond.js';

const MiB = 1024 * 1024;
/**
 * Safety cap on the whole multipart request, answered 413: well above the profile's file limit, so
 * that a file over the limit gets the profile's answer (422 keyed file), never a 413.
 */
const requestCapBytes = (maxFileBytes: number) => 4 * maxFileBytes + MiB;
/** Where a server that writes the file under its client name writes it (policy writesFileName, quotesPath). */
const UPLOAD_DIR = '/var/pts/uploads';

/** The file written under its client name fails (500) where the name leaves the folder, is too long or holds NUL. */
function cannotWrite(filename: string): boolean {
  const target = posix.resolve(UPLOAD_DIR, filename.replace(/\\/g, '/'));
  const tooLong = target.split('/').some((segment) => Buffer.byteLength(segment, 'utf8') > 255);
  return !target.startsWith(`${UPLOAD_DIR}/`) || tooLong || filename.includes('\u0000');
}

/**
 * multipart/form-data with a text part `api_key` and a file part `file`. The file is only
 * counted (kept nowhere; its client file name is ignored).
 */
export function handleUpload(req: IncomingMessage, res: ServerResponse, ctx: Ctx): Promise<void> {
  const policy = ctx.policy.upload;
  if (mediaType(req.headers['content-type']) !== 'multipart/form-data') {
    req.resume();
    sendError(res, ctx.out, ctx.err.unsupportedMediaTypeUpload);
    return Promise.resolve();
  }
  const noLimit = policy.limit === 'never' || (policy.limit === 'with-content-length' && req.headers['content-length'] === undefined);
  const maxFile = policy.maxFileBytes;
  const cap = requestCapBytes(maxFile);
  const drainCap = Math.max(DRAIN_CAP_BYTES, cap + 16 * MiB);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      limits: { fileSize: noLimit ? Infinity : maxFile + 1, fieldSize: 64 * 1024, fields: 50, files: 10, parts: 100 },
      // The client's name as sent (only the faults that write the file use it).
      preservePath: true,
    });
  } catch {
    req.resume();
    sendError(res, ctx.out, ctx.err.malformedMultipart);
    return Promise.resolve();
  }

  return new Promise<void>((resolve) => {
    const overall = noLimit ? drainCap : cap;
    let total = 0;
    let tooLarge = false;
    let broken = false;
    let apiKey: string | undefined;
    let signature: string | undefined;
    let fileBytes: number | undefined;
    let fileName = '';
    // The file's bytes, kept only where an archive is looked into (a variation or a fault).
    const fileChunks: Buffer[] | undefined = needsFileBytes(ctx) ? [] : undefined;
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
    bb.on('file', (name, stream, info) => {
      if (name !== 'file' || fileBytes !== undefined) {
        stream.resume();
        return;
      }
      fileBytes = 0;
      fileName = info.filename ?? '';
      fileEnded = new Promise((done) => {
        stream.on('data', (c: Buffer) => {
          fileBytes! += c.length;
          fileChunks?.push(c);
        });
        stream.on('end', done);
        stream.on('error', done);
      });
    });
    bb.on('error', () => {
      broken = true;
    });
    bb.on('close', () => {
      void fileEnded.then(() => {
        if (broken) return answer(() => sendError(res, ctx.out, ctx.err.malformedMultipart));
        const archive =
          fileChunks && fileBytes !== undefined && fileBytes <= maxFile ? archiveOutcome(Buffer.concat(fileChunks), ctx) : Promise.resolve(undefined);
        void archive.then((outcome) => answer(() => validate(outcome)));
      });
    });

    const validate = (archive: ArchiveOutcome) => {
      const errors = new ValidationErrors(ctx.validation);
      const { text } = errors;
      if (apiKey === undefined || (apiKey === '' && ctx.rules.emptyIsMissing)) errors.required('api_key');
      else if (apiKey === '' && !ctx.rules.emptyAccepted) errors.add('api_key', text.notEmpty('api_key'));
      else if (!ctx.merchants.find(apiKey, ctx.faults) && !policy.unknownKeyAccepted) errors.add('api_key', text.unknownApiKey);
      if (policy.signatureRequired && !signature) errors.required('signature');
      if (fileBytes === undefined) errors.required('file');
      else if (fileBytes > maxFile && !noLimit) errors.add('file', text.fileTooLarge(maxFile));
      else if (archive && 'refuse' in archive) errors.add('file', archive.refuse);
      if (!errors.empty) {
        if (policy.refusalAsMessage)
          return sendError(res, ctx.out, { status: ctx.err.uploadInvalid.status, message: `${ctx.err.uploadInvalid.message}: ${errors.summary()}` });
        return sendValidation(res, ctx, errors);
      }
      if (archive && 'fail' in archive) return sendError(res, ctx.out, ctx.err.unknown);
      if (policy.writesFileName && cannotWrite(fileName)) return sendError(res, ctx.out, ctx.err.unknown);
      const saved = policy.quotesPath ? ` (saved as ${posix.join(UPLOAD_DIR, posix.basename(fileName.replace(/\\/g, '/')))})` : '';
      sendJson(res, ctx.out, policy.successStatus, { message: (policy.acceptedMessage ?? text.uploadAccepted) + saved });
    };

    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > overall) {
        tooLarge = true;
        if (total > drainCap) {
          answer(() => sendError(res, ctx.out, ctx.err.payloadTooLarge, { connection: 'close' }));
          req.destroy();
        }
        return;
      }
      if (!broken) bb.write(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return answer(() => sendError(res, ctx.out, ctx.err.payloadTooLarge));
      if (broken) return answer(() => sendError(res, ctx.out, ctx.err.malformedMultipart));
      bb.end();
    });
    req.on('error', () => answer(() => undefined));
    req.on('close', () => {
      if (!req.complete) answer(() => undefined);
    });
  });
}
