import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { MobileFormInput, MobileFormOutput } from './mobile-form';

type Field = keyof MobileFormInput;
type FieldErrors = Partial<Record<Field, string>>;

const loadSchema = () => import('./mobile-form').then((m) => m.mobileFormSchema);

/**
 * The mobile step's form state: the contract-backed zod schema (mobile-form.ts), validated on
 * every change and on blur (SPEC §5), submitted only when valid.
 *
 * Why not react-hook-form here, as everywhere else: this form is the first thing the portal
 * paints, and the auth page's first load has a budget (200 kB gzip of JavaScript). Two fields do
 * not need a form library; react-hook-form (~11 kB gzip) then loads with the code step, where it
 * is used, and the schema (with zod and the phone metadata) loads on the first keystroke.
 */
export function useMobileForm(defaultValues: MobileFormInput) {
  const [values, setValues] = useState(defaultValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const latest = useRef(values);
  const run = useRef(0);

  /** Validates `v`; answers only for the newest run (an older, slower run is dropped). */
  const validate = useCallback(async (v: MobileFormInput): Promise<MobileFormOutput | null> => {
    const id = ++run.current;
    const schema = await loadSchema();
    const result = await schema.safeParseAsync(v);
    if (id !== run.current) return null;
    const next: FieldErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
    }
    setErrors(next);
    return result.success ? result.data : null;
  }, []);

  const setValue = useCallback(
    (field: Field, value: string) => {
      const next = { ...latest.current, [field]: value };
      latest.current = next;
      setValues(next);
      void validate(next);
    },
    [validate],
  );

  const blur = useCallback(
    (field: Field) => {
      setTouched((t) => (t[field] ? t : { ...t, [field]: true }));
      void validate(latest.current);
    },
    [validate],
  );

  const handleSubmit = useCallback(
    (onValid: (data: MobileFormOutput) => void, onInvalid?: () => void) => (e: FormEvent) => {
      e.preventDefault();
      setIsSubmitted(true);
      void validate(latest.current).then((data) => {
        if (data) onValid(data);
        else onInvalid?.();
      });
    },
    [validate],
  );

  return { values, errors, touched, isSubmitted, setValue, blur, handleSubmit };
}
