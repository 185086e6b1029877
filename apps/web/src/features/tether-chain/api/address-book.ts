import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addAddressBookEntry,
  deleteAddressBookEntry,
  setAddressWhitelist,
  type AddAddressBookBody,
  type SetAddressWhitelistBody,
} from '@portal/contract/tether/chain';
import { callApi } from '@/lib/api-client';
import { addressBookQueryOptions } from '@/lib/queries/tether-chain';

/** The address book is this page's own resource: a change reads it again (or takes the server's answer). */
function useBookKey() {
  const client = useQueryClient();
  const key = addressBookQueryOptions().queryKey;
  return { client, key, refresh: () => client.invalidateQueries({ queryKey: key }) };
}

/** `POST /wallet/tether/address-book`: save an address with a label. */
export function useAddAddress() {
  const { refresh } = useBookKey();
  return useMutation({
    mutationFn: (body: AddAddressBookBody) => callApi(addAddressBookEntry, { body }),
    onSuccess: refresh,
  });
}

/** `DELETE /wallet/tether/address-book/:id`. */
export function useDeleteAddress() {
  const { refresh } = useBookKey();
  return useMutation({
    mutationFn: (entryId: string) => callApi(deleteAddressBookEntry, { params: { entryId } }),
    onSettled: refresh,
  });
}

/** `PUT /wallet/tether/address-book/whitelist`: on at once, off with the confirming code. */
export function useSetWhitelist() {
  const { client, key } = useBookKey();
  return useMutation({
    mutationFn: (body: SetAddressWhitelistBody) => callApi(setAddressWhitelist, { body }),
    onSuccess: (book) => client.setQueryData(key, book),
  });
}
