import type { Permission } from '../../../shared/permissions.js';
import {
  firstStepKeys,
  firstSteps as stepDefinitions,
  type FirstStepKey,
  type FirstSteps,
} from '../../../shared/resources/first-steps.js';
import type { DbOrTrx } from '../../db/connection.js';
import { getCompany } from '../company/index.js';
import { hasProducts } from '../items/index.js';
import { hasClients } from '../master-data/index.js';

/** Whether the company has done each step: a CNPJ says who it is; one client, one product. */
const isDone: Record<FirstStepKey, (db: DbOrTrx) => Promise<boolean>> = {
  company: async (db) => (await getCompany(db)).cnpj !== null,
  client: hasClients,
  product: hasProducts,
};

/**
 * The first steps the user may act on (their permission to write what the step creates), each
 * done or not. The others are left out: a step the user cannot do would only be a link to an
 * access-denied page, and its answer would tell them about records they may not read.
 */
export async function firstSteps(
  db: DbOrTrx,
  permissions: readonly Permission[],
): Promise<FirstSteps> {
  const keys = firstStepKeys.filter((key) => permissions.includes(stepDefinitions[key].permission));
  const done = await Promise.all(keys.map((key) => isDone[key](db)));
  return { steps: keys.map((key, index) => ({ key, done: done[index]! })) };
}
