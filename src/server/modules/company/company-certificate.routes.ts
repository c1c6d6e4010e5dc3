import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '../../../shared/messages.js';
import { certificateUploadOutputSchema } from '../../../shared/resources/company.js';
import type { Db } from '../../db/connection.js';
import { BusinessRuleError } from '../../platform/errors.js';
import { auditContext } from '../../platform/request-context.js';
import {
  removeCertificate,
  uploadCertificate,
  type CertificateUploadInput,
} from './company-certificate.service.js';

/** An A1 file is a few kilobytes, its chain included; anything much larger is not one. */
const MAX_CERTIFICATE_BYTES = 256 * 1024;
const MAX_PASSWORD_BYTES = 1024;

/**
 * The company's A1 certificate. Neither route answers, nor logs, the file or the password: the
 * upload answers what the certificate is, and GET /company what the screen shows of it.
 */
export function companyCertificateRoutes(db: Db, sealingKey: Buffer): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/company/certificate', {
      config: { permission: 'company:write' },
      schema: {
        tags: ['company'],
        summary: 'Envia o certificado A1 da empresa (campos "file", .pfx/.p12, e "password")',
        consumes: ['multipart/form-data'],
        // Describes the upload in the OpenAPI document; the handler reads the multipart parts,
        // which Fastify leaves out of the body (null), so the schema accepts its absence.
        body: z
          .object({
            file: z.any().describe('O arquivo .pfx ou .p12'),
            password: z.string().describe('A senha do arquivo'),
          })
          .nullish(),
        response: { 200: certificateUploadOutputSchema },
      },
      handler: async (request) =>
        uploadCertificate(db, auditContext(request), sealingKey, await readUpload(request)),
    });
    app.delete('/company/certificate', {
      config: { permission: 'company:write' },
      schema: { tags: ['company'], response: { 204: z.null() } },
      handler: async (request, reply) => {
        await removeCertificate(db, auditContext(request));
        return reply.status(204).send(null);
      },
    });
  };
}

/** The file and the password, in whichever order the parts come. */
async function readUpload(request: FastifyRequest): Promise<CertificateUploadInput> {
  const upload: CertificateUploadInput = { file: null, password: '' };
  try {
    const parts = request.parts({
      limits: {
        fileSize: MAX_CERTIFICATE_BYTES,
        files: 1,
        fields: 4,
        fieldSize: MAX_PASSWORD_BYTES,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file') upload.file = bytes;
      } else if (part.fieldname === 'password' && typeof part.value === 'string') {
        upload.password = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message =
      code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT'
        ? messages.certificate.tooLarge
        : messages.certificate.noFile;
    throw new BusinessRuleError(message, { file: message });
  }
  return upload;
}
