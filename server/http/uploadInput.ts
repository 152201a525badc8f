import type { FastifyRequest } from 'fastify';
import type { UploadSpec } from '../../common/api/contract.js';
import { ApiError, validationFailed } from '../lib/apiError.js';

/** Text fields an upload may carry besides its file (the contract's schema names them). */
const MAX_TEXT_FIELDS = 5;
const MAX_TEXT_FIELD_BYTES = 1024;

const tooLarge = (upload: UploadSpec) => {
  const message = `The file must be at most ${Math.floor(upload.maxBytes / (1024 * 1024))} MB.`;
  return new ApiError(413, 'PAYLOAD_TOO_LARGE', message, { [upload.field]: message });
};

/**
 * The input of an upload action from its multipart/form-data body: each file part becomes its
 * bytes and each text part its text, under the part's name, for the contract's schema to check
 * (a strict schema refuses unknown parts). The file is held in memory, never beyond
 * `maxBytes`: past that the upload is cut off and refused with 413.
 */
export async function readUploadInput(
  request: FastifyRequest,
  upload: UploadSpec,
): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const message = `Send the ${upload.field} as multipart/form-data.`;
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, { [upload.field]: message });
  }
  const input: Record<string, unknown> = {};
  try {
    const parts = request.parts({
      limits: {
        fileSize: upload.maxBytes,
        files: 1,
        fields: MAX_TEXT_FIELDS,
        fieldSize: MAX_TEXT_FIELD_BYTES,
      },
    });
    for await (const part of parts) {
      input[part.fieldname] = part.type === 'file' ? await part.toBuffer() : part.value;
    }
  } catch (error) {
    throw uploadError(error, upload);
  }
  return input;
}

/** A refused or unreadable multipart body is the caller's mistake, never a 500. */
function uploadError(error: unknown, upload: UploadSpec): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(upload);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return validationFailed({ [upload.field]: `Send one ${upload.field} only.` });
  return validationFailed(
    { [upload.field]: 'The upload could not be read. Try again.' },
    'The upload could not be read.',
  );
}
