import { suppliers } from '../../../shared/resources/suppliers.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Fornecedores (DOMAIN §3): list, form and history from the shared definition. */
export default createResourceArea(suppliers);
