/** A schema an endpoint of the contract declares (its body or query), for a form that sends it. */
export function declared<S>(schema: S | undefined): S {
  if (!schema) throw new Error('The endpoint declares no such schema');
  return schema;
}

/** "First Last", or null when the user has given no name. */
export function personName(first: string | null, last: string | null): string | null {
  return [first, last].filter(Boolean).join(' ') || null;
}
