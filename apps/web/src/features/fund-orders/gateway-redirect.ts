/**
 * The gateway address of a card purchase, kept for the browser tab's session: the payment page of a
 * purchase still awaiting payment can send the payer back to the gateway (the purchase itself does not
 * carry the address). Storage that fails (private mode) only loses that shortcut.
 */
const KEY = (purchaseId: string) => `fundPurchaseGateway:${purchaseId}`;

export function rememberGateway(purchaseId: string, url: string): void {
  try {
    window.sessionStorage.setItem(KEY(purchaseId), url);
  } catch {
    /* the payment page then offers a new purchase instead */
  }
}

export function recallGateway(purchaseId: string): string | null {
  try {
    return window.sessionStorage.getItem(KEY(purchaseId));
  } catch {
    return null;
  }
}

/** Sends the browser to the gateway (a full navigation: the payer leaves the app and comes back). */
export function goToGateway(url: string): void {
  window.location.assign(url);
}
