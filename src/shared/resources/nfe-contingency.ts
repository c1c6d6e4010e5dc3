import { messages } from '../messages.js';
import { z } from '../zod-messages.js';

/**
 * NF-e contingency (issue 20): when the UF's authoriser is down, the company issues through SVC-AN
 * or SVC-RS (which one is the UF's, server/modules/nfe/sefaz/authoriser.ts). The NF-e then says
 * so in its key and ide (tpEmis 6 or 7, dhCont, xJust), so each invoice's mode is read from its key.
 */
export const NFE_CONTINGENCY_PATH = 'nfe/contingency';

export const nfeEmissionModes = ['NORMAL', 'SVC_AN', 'SVC_RS'] as const;
export type NfeEmissionMode = (typeof nfeEmissionModes)[number];

export const nfeEmissionModeLabels: Record<NfeEmissionMode, string> = {
  NORMAL: 'Normal',
  SVC_AN: 'SVC-AN',
  SVC_RS: 'SVC-RS',
};

/** tpEmis of each mode: 1 normal, 6 SVC-AN, 7 SVC-RS. */
export const emissionTypeOfMode: Record<NfeEmissionMode, 1 | 6 | 7> = {
  NORMAL: 1,
  SVC_AN: 6,
  SVC_RS: 7,
};

/** The mode an NF-e was issued in, from its access key's tpEmis (35th character). */
export function emissionModeOfKey(accessKey: string): NfeEmissionMode {
  const tpEmis = accessKey.charAt(34);
  return tpEmis === '6' ? 'SVC_AN' : tpEmis === '7' ? 'SVC_RS' : 'NORMAL';
}

/** `PUT /nfe/contingency`: xJust, 15–256 characters (leiauteNFe_v4.00.xsd). */
export const nfeContingencyInputSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(15, messages.nfeContingency.reasonLength)
    .max(256, messages.nfeContingency.reasonLength),
});
export type NfeContingencyInput = z.input<typeof nfeContingencyInputSchema>;

export const nfeContingencySchema = z.object({
  mode: z.enum(nfeEmissionModes),
  /** dhCont, ISO 8601; null in normal mode. */
  since: z.string().nullable(),
  /** xJust; null in normal mode. */
  reason: z.string().nullable(),
  /** The SVC that serves the company's UF (null while it has no UF). */
  contingencyMode: z.enum(['SVC_AN', 'SVC_RS']).nullable(),
});
export type NfeContingency = z.output<typeof nfeContingencySchema>;
