import { z } from 'zod';
import type { Calendar } from '@portal/contract/core/constants';
import { englishNameSchema, passportNumberSchema, submitForeignBody } from '@portal/contract/kyc/kyc';
import { birthDateInputSchema, emptyBirthDate, type BirthDateInput } from './birth-date';

/** The foreign track's details as the form holds them (the video comes in the next step). */
export interface ForeignInput {
  firstNameEn: string;
  lastNameEn: string;
  birthDate: BirthDateInput;
  nationality: string;
  passportNumber: string;
  /** The uploaded passport image; empty until its upload succeeded. */
  passportImageFileId: string;
}

export const emptyForeignInput: ForeignInput = {
  firstNameEn: '',
  lastNameEn: '',
  birthDate: emptyBirthDate,
  nationality: '',
  passportNumber: '',
  passportImageFileId: '',
};

/** SPEC §2 "Foreign KYC", by the contract's rules (`submitForeignBody`), the birth date typed in `calendar`. */
export function foreignDetailsSchema(calendar: Calendar) {
  return z.object({
    firstNameEn: englishNameSchema,
    lastNameEn: englishNameSchema,
    birthDate: birthDateInputSchema(calendar),
    nationality: submitForeignBody.shape.nationality,
    passportNumber: passportNumberSchema,
    passportImageFileId: z.string().min(1, { message: 'passportImage' }),
  });
}

/** What the form gives once valid: the contract's values (the birth date as `YYYY-MM-DD`). */
export type ForeignOutput = z.output<ReturnType<typeof foreignDetailsSchema>>;
