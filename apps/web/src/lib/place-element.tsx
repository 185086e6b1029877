import { Fragment, type ReactNode } from 'react';

/**
 * Stands for an element inside a translated sentence: `t('key', { link: ELEMENT_MARK })`, then
 * `placeElement(sentence, <a …/>)`. The sentence keeps its word order in every language, and the element
 * (a link, a left-to-right island) is a real element, not text. (react-i18next's `Trans` would do it too,
 * with an HTML parser the sign-in page's first load does not need.)
 */
export const ELEMENT_MARK = '\uE000';

export function placeElement(sentence: string, element: ReactNode): ReactNode {
  const at = sentence.indexOf(ELEMENT_MARK);
  if (at < 0) return sentence;
  return (
    <Fragment>
      {sentence.slice(0, at)}
      {element}
      {sentence.slice(at + ELEMENT_MARK.length)}
    </Fragment>
  );
}
