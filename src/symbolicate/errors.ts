/** Input the reader cannot use: its message is the one line the command prints. */
export class SymbolicateError extends Error {
  override name = 'SymbolicateError';
}
