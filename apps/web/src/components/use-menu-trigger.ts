import { useId, useState, type MouseEvent } from 'react';

/**
 * A button that opens a menu whose code is a chunk of its own: the chunk starts loading when the pointer
 * comes near or the button takes focus, and the menu is rendered (`wanted`) from the first click on.
 * `triggerProps` go on the button (its id and ARIA state); `menuId`, `buttonId` and `anchor` on the menu.
 */
export function useMenuTrigger(preload: () => Promise<unknown>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [wanted, setWanted] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  return {
    anchor,
    wanted,
    menuId,
    buttonId,
    close: () => setAnchor(null),
    triggerProps: {
      id: buttonId,
      'aria-haspopup': 'menu',
      'aria-controls': anchor ? menuId : undefined,
      'aria-expanded': anchor ? 'true' : undefined,
      onPointerEnter: () => void preload(),
      onFocus: () => void preload(),
      onClick: (e: MouseEvent<HTMLElement>) => {
        setWanted(true);
        setAnchor(e.currentTarget);
      },
    } as const,
  };
}
