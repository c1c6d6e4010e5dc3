/**
 * What a clerk may type before a supplier's invoice number: "NF", "NF-e", "NFe" or "Nota fiscal",
 * then perhaps "nº"; or "Nº" alone. A word that only starts like one ("Nfx") is no prefix.
 */
const typedPrefix =
  /^\s*(?:(?:nf-?e?|nota\s+fiscal)(?![a-z])[\s.:-]*(?:n[º°]\.?\s*|no\.\s*)?|n[º°]\.?\s*)/i;

/**
 * The invoice number itself, as it is kept: "NF 4521", "NF-e 4521", "nf: 4521" and "Nº 4521" are
 * all "4521", so what the screens write around it ("NF 4521") never doubles. What has no number
 * left after the prefix ("NF") stays as typed.
 */
export function invoiceNumberOf(typed: string): string {
  const bare = typed.replace(typedPrefix, '').trim();
  return bare === '' ? typed.trim() : bare;
}

/** "NF 4521": how a receipt's supplier invoice is named in a history or a movement's notes. */
export function invoiceLabel(number: string): string {
  return `NF ${invoiceNumberOf(number)}`;
}
