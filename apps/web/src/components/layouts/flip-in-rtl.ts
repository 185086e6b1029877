/** Icons that point somewhere (an exit arrow) face the other way in right-to-left. */
export const flipInRtl = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;
