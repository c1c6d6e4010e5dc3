import { checkingAccounts } from '../../../shared/resources/checking-accounts.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Contas-Correntes (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(checkingAccounts);
