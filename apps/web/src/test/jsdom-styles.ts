import type { Element as StylisElement, Middleware } from 'stylis';

/**
 * What jsdom reads of a style sheet, and only that (decision 038).
 *
 * jsdom lays nothing out: a computed style is read in the screen tests only to know whether an
 * element can be seen and clicked, by Testing Library's role queries (`display: none`,
 * `visibility: hidden`) and by user-event (`pointer-events: none`). Yet jsdom computes a style by
 * matching every rule of every sheet against the element and each of its ancestors, again after every
 * change of the document: with MUI's 500 to 900 rules per screen, that matching was about 40 % of the
 * web suite's time (measured with `--cpu-prof` on the fund desk's tests).
 *
 * This stylis plugin, added to the screen tests' Emotion caches only, empties every declaration but
 * those three properties and drops the rules and at-rules left empty, so the sheets hold the rules that
 * can hide an element or make it unclickable, exactly as the app writes them (same selectors, same
 * order), and nothing else. Class names are unchanged: Emotion hashes the styles before stylis runs.
 */
const READ_BY_TESTS = new Set(['display', 'visibility', 'pointer-events']);

const isDeclaration = (element: StylisElement) => element.type === 'decl';
const keeps = (element: StylisElement): boolean =>
  isDeclaration(element)
    ? READ_BY_TESTS.has(element.props as string)
    : Array.isArray(element.children) && element.children.some(keeps);

/** Rules and conditional at-rules: they may hold declarations; keyframes are never matched to an element. */
const CONTAINERS = new Set(['rule', '@media', '@supports', '@container', '@layer']);

export const onlyWhatJsdomReads: Middleware = (element) => {
  if (isDeclaration(element)) {
    if (!keeps(element)) {
      element.value = '';
      element.return = '';
    }
    return;
  }
  if (!CONTAINERS.has(element.type)) return;
  if (Array.isArray(element.children)) element.children = element.children.filter(keeps);
  if (!keeps(element)) {
    // Emotion inserts `selector{}` for a rule whose value is left: nothing of it may remain.
    element.value = '';
    element.return = '';
    element.props = [];
    element.children = [];
  }
};
