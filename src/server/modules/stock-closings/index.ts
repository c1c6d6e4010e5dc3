/**
 * The stock's snapshots at each closing (issue 22): the company's update calls
 * `moveStockClosing` in its transaction whenever "Estoque fechado até" changes; Consulta de
 * Estoque at a date finds the snapshot to start from with `latestClosingThrough` and reads its
 * rows. Everything here works in the caller's transaction (or connection) and never opens one.
 */
export { latestClosingThrough } from './stock-closings.repo.js';
export { moveStockClosing } from './stock-closings.service.js';
