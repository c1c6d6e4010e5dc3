/**
 * A failure that the person running the server fixes (a setting, a folder's permissions, a
 * command's argument). Its pt-BR message says what to change; the command line prints only that
 * message, never a stack.
 */
export class OperatorError extends Error {
  override name = 'OperatorError';
}
