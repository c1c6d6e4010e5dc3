import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations predate the current types */

/**
 * NF-e contingency (issue 20): whether the company issues through its UF's authoriser (NORMAL, or
 * null: never switched) or through one of the contingency authorisers, SVC-AN (tpEmis 6) or SVC-RS
 * (tpEmis 7); since when (the NF-e's dhCont) and why (its xJust, 15–256 characters as
 * leiauteNFe_v4.00.xsd says). In contingency both are required; back to normal, both are cleared.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE company
      ADD COLUMN nfe_contingency_mode varchar(6)
        CHECK (nfe_contingency_mode IN ('NORMAL', 'SVC_AN', 'SVC_RS')),
      ADD COLUMN nfe_contingency_since timestamptz,
      ADD COLUMN nfe_contingency_reason varchar(256)
        CHECK (char_length(nfe_contingency_reason) BETWEEN 15 AND 256),
      ADD CONSTRAINT company_nfe_contingency_complete CHECK (
        CASE WHEN nfe_contingency_mode IN ('SVC_AN', 'SVC_RS')
          THEN nfe_contingency_since IS NOT NULL AND nfe_contingency_reason IS NOT NULL
          ELSE nfe_contingency_since IS NULL AND nfe_contingency_reason IS NULL
        END
      );
  `.execute(db);
}
