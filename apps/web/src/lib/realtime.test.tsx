import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TetherPrice } from '@portal/contract/tether/market';
import { jsonResponse, renderWithApp } from '@/test/render';
import { useLiveTetherPrice } from './realtime';

/** A stand-in for the browser's EventSource (jsdom has none): the test opens it and sends events. */
class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  readyState = 0;
  closed = false;
  private listeners = new Map<string, Set<(event: Event) => void>>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }

  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
    this.readyState = 2;
  }

  open() {
    this.readyState = 1;
    return this.dispatch(new Event('open'));
  }

  send(type: string, data: unknown) {
    return this.dispatch(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** Delivers the event, then lets the query cache tell its readers (it notifies on the next task). */
  private dispatch(event: Event) {
    return act(async () => {
      for (const listener of this.listeners.get(event.type) ?? []) listener(event);
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

const price = (seq: number, buy = `${1_050_000 + seq}`): TetherPrice => ({
  status: 'live',
  buy,
  sell: '1040000',
  mid: '1045000',
  at: '2025-05-01T08:30:00.000Z',
  seq,
  demo: false,
});

const fetchMock = vi.fn<typeof fetch>();
let served: TetherPrice;
beforeEach(() => {
  FakeEventSource.instances = [];
  served = price(10);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    input === '/api/tether/price' ? jsonResponse(served) : jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const priceReads = () => fetchMock.mock.calls.filter(([u]) => u === '/api/tether/price').length;

function Price({ name }: { name: string }) {
  const { data } = useLiveTetherPrice();
  return <output aria-label={name}>{data ? `${data.seq}:${data.buy}` : '…'}</output>;
}

/** Two readers of the price, which the test can take away. */
function Page() {
  const [shown, setShown] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setShown(false)}>
        hide
      </button>
      {shown ? (
        <>
          <Price name="header" />
          <Price name="page" />
        </>
      ) : null}
    </>
  );
}

describe('useRealtimePrice (the real-time channel)', () => {
  it('opens one stream for the app, writes each price into the shared query, and closes when nobody listens', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWithApp(<Page />);
    expect(await screen.findByText('10:1050010', { selector: '[aria-label="header"]' })).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/events');
    await stream.open();

    await stream.send('price', price(11));
    expect(screen.getByLabelText('header').textContent).toBe('11:1050011');
    expect(screen.getByLabelText('page').textContent).toBe('11:1050011');
    // The next price in order is taken as it is: the server is not asked.
    expect(priceReads()).toBe(1);
    // Something that is not a price changes nothing.
    await stream.send('price', { seq: 'x' });
    expect(screen.getByLabelText('page').textContent).toBe('11:1050011');

    await userEvent.click(screen.getByRole('button', { name: 'hide' }));
    await waitFor(() => expect(stream.closed).toBe(true));
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('reads the price again when it sees a gap in seq, or a seq going back', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    renderWithApp(<Page />);
    await screen.findByText('10:1050010', { selector: '[aria-label="page"]' });
    const stream = FakeEventSource.instances[0]!;
    await stream.open();

    // 11 and 12 were missed: the server is asked, and its price shows.
    served = price(14);
    await stream.send('price', price(13));
    await waitFor(() => expect(screen.getByLabelText('page').textContent).toBe('14:1050014'));
    expect(priceReads()).toBe(2);

    // The same price again (a reconnection's first message) changes nothing.
    await stream.send('price', price(14, '999'));
    expect(screen.getByLabelText('page').textContent).toBe('14:1050014');
    expect(priceReads()).toBe(2);

    // An older one is not shown; the server is asked.
    await stream.send('price', price(12));
    expect(screen.getByLabelText('page').textContent).toBe('14:1050014');
    await waitFor(() => expect(priceReads()).toBe(3));
  });

  it('works without EventSource: the price is read from the server', async () => {
    expect('EventSource' in globalThis).toBe(false);
    renderWithApp(<Page />);
    expect(await screen.findByText('10:1050010', { selector: '[aria-label="page"]' })).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(0);
  });
});
