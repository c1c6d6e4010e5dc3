import { fiscalOperations } from '../../../shared/resources/fiscal-operations.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Naturezas de Operação (DOMAIN §8): list, form and history from the shared definition. */
export default createResourceArea(fiscalOperations);
