import { nfeEnvironments } from './company.js';
import { ufs } from '../br/states.js';
import { z } from '../zod-messages.js';

/** `GET /api/v1/nfe/status`: SEFAZ's NFeStatusServico4 for the company's UF and environment. */
export const NFE_STATUS_PATH = 'nfe/status';

/** How long an answer is reused (SEFAZ answers 656, "Consumo indevido", to frequent calls). */
export const NFE_STATUS_REUSE_SECONDS = 60;

export const nfeStatusQuerySchema = z.object({
  /** Ask SEFAZ again even when the last answer is younger than NFE_STATUS_REUSE_SECONDS. */
  refresh: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

export const nfeStatusSchema = z.object({
  environment: z.enum(nfeEnvironments),
  uf: z.enum(ufs),
  /** The authoriser asked: the UF's own (SP, MG…) or SVRS / SVAN. */
  authoriser: z.string(),
  /** SEFAZ answered 107, "Serviço em Operação". */
  online: z.boolean(),
  /** SEFAZ's cStat, or null when no answer came (unreachable, time-out, refused). */
  statusCode: z.string().nullable(),
  /** pt-BR: SEFAZ's message for the code, or why no answer came. */
  message: z.string(),
  /** When SEFAZ was asked (ISO 8601). */
  checkedAt: z.string(),
  /** SEFAZ's average processing time (tMed), in seconds, when it said. */
  averageSeconds: z.number().int().optional(),
});
export type NfeStatus = z.output<typeof nfeStatusSchema>;
