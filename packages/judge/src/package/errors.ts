/** A problem package we refuse, with a message meant for the problem setter. */
export class PackageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackageError';
  }
}
