/** The answer to a request for a phone code (a withdrawal's): sent by SMS to the account's masked number. */
export const CODE_SENT = {
  channel: 'sms',
  maskedMobile: '+98912***4567',
  expiresInSeconds: 120,
  resendInSeconds: 60,
  voiceInSeconds: 60,
};
