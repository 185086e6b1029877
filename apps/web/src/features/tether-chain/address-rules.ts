import { z } from 'zod';
import { addAddressBookBody, type AddAddressBookBody } from '@portal/contract/tether/chain';
import { withdrawalAddressSchema } from '@portal/contract/tether/networks';

const { network: networkRule, address: addressRule, label: labelRule } = addAddressBookBody.in.shape;

/**
 * The add-an-address form's schema: the contract's own rules for each field (`addAddressBookBody`'s network,
 * label, and address checked for its network with `withdrawalAddressSchema`), each checked on its own so that
 * the address is judged as it is typed even while the label is still empty. Messages are rule keys.
 */
export const addAddressFormSchema = z
  .object({ network: z.string(), address: z.string(), label: z.string() })
  .transform((v, ctx): AddAddressBookBody => {
    let failed = false;
    const first = (path: 'network' | 'address' | 'label', result: z.ZodSafeParseResult<unknown>) => {
      if (result.success) return;
      failed = true;
      ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]?.message ?? 'format' });
    };
    const network = networkRule.safeParse(v.network);
    first('network', network);
    const address = network.success
      ? addressRule.pipe(withdrawalAddressSchema(network.data)).safeParse(v.address)
      : addressRule.safeParse(v.address);
    first('address', address);
    const label = labelRule.safeParse(v.label);
    first('label', label);
    if (failed || !network.success || !address.success || !label.success) return z.NEVER;
    return { network: network.data, address: address.data, label: label.data };
  });
