import { financialCategories } from '../../../shared/resources/financial-categories.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Plano de Contas (DOMAIN §9): list, form and history from the shared definition. */
export default createResourceArea(financialCategories);
