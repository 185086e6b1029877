import { afterEach, describe, expect, it, vi } from 'vitest';
import { nearViewport } from './lazy-near-viewport';

/** An IntersectionObserver the test drives: `fire(true)` says the element came near. */
function fakeObserver() {
  const made: {
    options?: IntersectionObserverInit;
    observed: Element[];
    disconnected: boolean;
    fire: (near: boolean) => void;
  }[] = [];
  class Fake {
    observed: Element[] = [];
    disconnected = false;
    constructor(
      private readonly callback: IntersectionObserverCallback,
      readonly options?: IntersectionObserverInit,
    ) {
      made.push(this);
    }
    observe(el: Element) {
      this.observed.push(el);
    }
    disconnect() {
      this.disconnected = true;
    }
    fire(near: boolean) {
      this.callback([{ isIntersecting: near } as IntersectionObserverEntry], this as never);
    }
  }
  vi.stubGlobal('IntersectionObserver', Fake);
  return made;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('nearViewport', () => {
  it('resolves at once when the element is not on the page (the part is built here)', async () => {
    fakeObserver();
    await expect(nearViewport('missing')).resolves.toBeUndefined();
  });

  it("loads at once when the server's markup goes before it came near (the page built here instead)", async () => {
    const made = fakeObserver();
    document.body.innerHTML = '<main id="root"><section id="around"><h2 id="foot">foot</h2></section></main>';
    let resolved = false;
    const near = nearViewport('foot').then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    // React's own render replaces the server's markup: the section watched is gone and never intersects.
    document.getElementById('root')!.replaceChildren(document.createElement('div'));
    await near;
    expect(resolved).toBe(true);
    expect(made[0]!.disconnected).toBe(true);
  });

  it("waits for the server's markup of the part to come near the viewport, then stops watching", async () => {
    const made = fakeObserver();
    document.body.innerHTML = '<section id="around"><h2 id="foot">foot</h2></section>';
    let resolved = false;
    const near = nearViewport('foot', '300px').then(() => (resolved = true));
    expect(made).toHaveLength(1);
    // The section around the heading: the part's own place on the page.
    expect(made[0]!.observed.map((e) => e.id)).toEqual(['around']);
    expect(made[0]!.options?.rootMargin).toBe('300px 0px');
    made[0]!.fire(false);
    await Promise.resolve();
    expect(resolved).toBe(false);
    made[0]!.fire(true);
    await near;
    expect(resolved).toBe(true);
    expect(made[0]!.disconnected).toBe(true);
  });
});
