import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/hooks/use-format';

export const KYC_STEPS = ['personal', 'video', 'bank'] as const;
export type KycStep = (typeof KYC_STEPS)[number];

/**
 * SPEC §2 "KYC": personal info → video verification → add bank account. `done` once the last step is
 * too (a bank account is on file): every step ticked.
 */
export function KycStepper({ active }: { active: KycStep | 'done' }) {
  const { t } = useTranslation('kyc');
  const { number } = useFormat();
  return (
    <Stepper
      activeStep={active === 'done' ? KYC_STEPS.length : KYC_STEPS.indexOf(active)}
      alternativeLabel
      aria-label={t('steps.label')}
      sx={{ '& .MuiStepLabel-label': { fontSize: '0.8rem' } }}
    >
      {KYC_STEPS.map((step, i) => (
        <Step key={step}>
          {/* The step's number in the interface's digits (MUI writes Latin ones). */}
          <StepLabel icon={number(i + 1)}>{t(`steps.${step}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
