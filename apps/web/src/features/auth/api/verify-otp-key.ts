/** The verify mutation's key, apart from its code so the auth page can watch it without loading it. */
export const verifyOtpMutationKey = ['auth', 'verifyOtp'] as const;
