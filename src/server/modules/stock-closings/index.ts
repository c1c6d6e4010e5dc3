/**
 * The stock's snapshots at each closing (issue 22): the company's update calls
 * `moveStockClosing` in its transaction whenever "Estoque fechado até" changes; Consulta de
 * Estoque at a date finds the snapshots around it with `closingsAround` and reads the nearer's
 * rows. Everything here works in the caller's transaction (or connection) and never opens one.
 */
export { closingsAround, latestClosingThrough } from './stock-closings.repo.js';
export { moveStockClosing } from './stock-closings.service.js';
