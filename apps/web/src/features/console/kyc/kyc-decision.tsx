import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { rejectKyc } from '@portal/contract/admin/admin';
import { KYC_REJECT_REASONS } from '@portal/contract/kyc/kyc';
import { paths } from '@/config/paths';
import { useDecideKyc } from './api';
import { declared } from '../shell/schemas';
import { DecisionButtons } from '../shell/decision-dialog';

const rejectSchema = declared(rejectKyc.body);

/**
 * Approve or reject a pending submission (`kyc.review`). A decision goes back to the queue with a
 * notice; when another operator decided first (`KYC_ALREADY_REVIEWED`) the page is read again and
 * `onAlreadyReviewed` says so.
 */
export function KycDecisionButtons({
  submissionId,
  onAlreadyReviewed,
}: {
  submissionId: string;
  onAlreadyReviewed: () => void;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const decide = useDecideKyc(submissionId);

  return (
    <DecisionButtons
      idPrefix="admin-kyc"
      reasons={KYC_REJECT_REASONS}
      rejectSchema={rejectSchema}
      decide={decide}
      alreadyReviewedCode="KYC_ALREADY_REVIEWED"
      texts={{
        labelsKey: 'kyc.decision',
        approveText: t('kyc.decision.approveText'),
        reasonsKey: 'kyc.reasons',
        approvedNotice: 'admin:kyc.decision.approved',
        rejectedNotice: 'admin:kyc.decision.rejected',
      }}
      onDecided={() => void navigate(paths.adminKyc.getHref())}
      onAlreadyReviewed={onAlreadyReviewed}
    />
  );
}
