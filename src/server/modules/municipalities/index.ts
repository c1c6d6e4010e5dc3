/**
 * The IBGE municipalities (issue 18): the picker's route, and `withCityCode(s)`, which every
 * module that stores an address (master data's clients and suppliers, the company) runs in its
 * write's transaction.
 */
export { municipalitiesRoutes } from './municipalities.routes.js';
export { withCityCode, withCityCodes } from './municipalities.service.js';
