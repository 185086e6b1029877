import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema (and zod with it) is fetched on the first validation
 * rather than with the page: the form paints without it, and it is there by the first keystroke.
 */
export function lazyResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  load: () => Promise<Resolver<TInput, unknown, TOutput>>,
): Resolver<TInput, unknown, TOutput> {
  let resolver: Promise<Resolver<TInput, unknown, TOutput>> | undefined;
  return async (values, context, options) => {
    resolver ??= load().catch((e: unknown) => {
      resolver = undefined;
      throw e;
    });
    return (await resolver)(values, context, options);
  };
}
