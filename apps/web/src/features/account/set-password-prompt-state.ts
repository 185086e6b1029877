/** "Fill later" of the set-password prompt, remembered per account in this browser. */
const key = (userId: string) => `setPasswordLater:${userId}`;

export function dismissSetPasswordPrompt(userId: string): void {
  try {
    window.localStorage.setItem(key(userId), '1');
  } catch {
    // storage refused: the prompt shows again next time
  }
}

export function isSetPasswordPromptDismissed(userId: string): boolean {
  try {
    return window.localStorage.getItem(key(userId)) === '1';
  } catch {
    return false;
  }
}
