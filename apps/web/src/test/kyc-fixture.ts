import type { KycState, KycSubmission } from '@portal/contract/kyc/kyc';

/** A `GET /kyc` answer: a new user's (no track, level 0) unless the test says otherwise. */
export function kycFixture(over: Partial<KycState> = {}): KycState {
  return { level: 0, shahkarPassed: false, track: null, identity: null, latest: null, history: [], ...over };
}

/** A submission of the KYC history. */
export function submissionFixture(over: Partial<KycSubmission> = {}): KycSubmission {
  return {
    id: 's1',
    kind: 'video',
    status: 'pending',
    rejectReason: null,
    createdAt: '2025-05-01T08:30:00.000Z',
    reviewedAt: null,
    ...over,
  };
}

/** An Iranian user past level one (national code on file). */
export const levelOne = (over: Partial<KycState> = {}) =>
  kycFixture({
    level: 1,
    shahkarPassed: true,
    track: 'iranian',
    identity: { nationalCodeMasked: '******5948', birthDate: '1991-03-21' },
    ...over,
  });
