import { unitsOfMeasurement } from '../../../shared/resources/units-of-measurement.js';
import { createResourceArea } from '../../components/create-resource-area.js';

/** Unidades de Medida (DOMAIN §2): list, form and history from the shared definition. */
export default createResourceArea(unitsOfMeasurement);
