/** The amount field's typing rules are shared with the tether withdrawal (issue 18): one way, in lib. */
export { displayTyped, sanitizeTyped } from '@/lib/typed-amount';
