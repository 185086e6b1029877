import type { LocalizedText } from '@portal/contract/funds/funds';
import { useFormat } from '@/hooks/use-format';

/** An operator's text in the console's language (Persian when that one is empty). */
export function useLocalized(): (text: LocalizedText) => string {
  const { lng } = useFormat();
  return (text) => text[lng] || text.fa;
}
