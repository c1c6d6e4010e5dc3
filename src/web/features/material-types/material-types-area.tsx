import { materialTypes } from '../../../shared/resources/material-types.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Tipos de Materiais (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(materialTypes);
