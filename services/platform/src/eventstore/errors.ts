export class ConcurrencyError extends Error {
  override name = 'ConcurrencyError';
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} is not at version ${expectedVersion}: another command changed it first`);
  }
}
