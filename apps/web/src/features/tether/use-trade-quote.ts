import { useEffect, useRef, useState } from 'react';
import type { TetherQuote, TetherTrade } from '@portal/contract/tether/market';
import type { TradeFiat, TradeSide } from '@portal/contract/tether/pricing';
import { useCountdown, type Countdown } from '@/hooks/use-countdown';
import { isApiError } from '@/lib/api-error';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { fetchTetherQuote, useCreateTetherQuote, useExecuteTetherQuote } from './api/quotes';
import type { AmountOf } from './trade-math';

/** What the user asked a quote for: the body of `POST /tether/quotes`, the amount normalised. */
export interface TradeRequest {
  side: TradeSide;
  fiat: TradeFiat;
  amountOf: AmountOf;
  amount: string;
}

/**
 * Why the quote on screen is not the one first shown: `renewed` when the last one's time ran out and a new
 * one was asked for the same amount; `expired` when confirming was refused with `QUOTE_EXPIRED` and the
 * server's fresh quote (`details.quoteId`) replaced it. Either way the user confirms again.
 */
export type QuoteNotice = 'renewed' | 'expired' | null;

/** Quotes renewed by themselves in a row before the user is asked to renew by hand. */
export const MAX_AUTO_RENEWALS = 10;

/** The quote's lifetime by the server's own clock (created → expires), so the device's clock does not matter. */
export function quoteSeconds(quote: TetherQuote): number {
  const ms = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt);
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 1000)) : 0;
}

/** A refusal that says nothing about whether the trade happened (no answer, a server failure). */
function isUncertain(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return (
    error.code === 'NETWORK' || error.code === 'UNKNOWN' || error.code === 'INVALID_RESPONSE' || error.status >= 500
  );
}

export interface TradeFlow {
  request: TradeRequest | null;
  /** The quote being confirmed; null before one was given (and after `close`). */
  quote: TetherQuote | null;
  /** The trade, once executed. */
  trade: TetherTrade | null;
  notice: QuoteNotice;
  /** The quote's validity, counted down from its lifetime. */
  countdown: Countdown;
  /** A quote is being asked for: the first one, a renewal, or the fresh one after `QUOTE_EXPIRED`. */
  isQuoting: boolean;
  isExecuting: boolean;
  /** Confirming got no answer: only a retry of the same quote, with the same idempotency key, is offered. */
  isUncertain: boolean;
  /** The quote's time is over and no new one is coming by itself: the user asks for one. */
  isExpired: boolean;
  /** Why the first quote was refused (shown by the form). */
  askError: unknown;
  /** Why renewing or confirming failed (shown with the quote). */
  error: unknown;
  ask: (request: TradeRequest) => void;
  confirm: () => void;
  renew: () => void;
  close: () => void;
}

/**
 * The trade's flow, shared by the trading page and the wallet's conversion modal: ask a quote for the
 * typed amount, show it with its countdown, ask a new one for the same amount when the time runs out
 * (never executing by itself), and execute it once the user confirms. One idempotency key per quote
 * confirmed, sent again with every retry of it: an answer lost on the way (`isUncertain`) is retried with
 * the same quote and key, never with a new quote, so the same money is never traded twice. A refusal with
 * `QUOTE_EXPIRED` brings the server's fresh quote, which the user confirms again. `onTraded` is told of the
 * trade as it is done (once per trade).
 */
export function useTradeQuote({ onTraded }: { onTraded?: (trade: TetherTrade) => void } = {}): TradeFlow {
  const create = useCreateTetherQuote();
  /** Told once per trade done (a flow that goes on elsewhere: the fund purchase's missing tether). */
  const tradedRef = useRef(onTraded);
  useEffect(() => {
    tradedRef.current = onTraded;
  });
  const execute = useExecuteTetherQuote();
  const [request, setRequest] = useState<TradeRequest | null>(null);
  const [quote, setQuote] = useState<TetherQuote | null>(null);
  const [trade, setTrade] = useState<TetherTrade | null>(null);
  const [notice, setNotice] = useState<QuoteNotice>(null);
  const [uncertain, setUncertain] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [fetchingFresh, setFetchingFresh] = useState(false);
  /** The quote confirmed and its key: kept while the same quote is confirmed again. */
  const attempt = useRef<{ quoteId: string; key: string } | null>(null);
  /** An execution or the fetch of a fresh quote is under way: the countdown's end renews nothing. */
  const busy = useRef(false);
  const renewals = useRef(0);
  /** Bumped by `ask` and `close`: answers to an abandoned flow are dropped. */
  const generation = useRef(0);

  const countdown = useCountdown(0, {
    autoStart: false,
    onFinished: () => {
      if (busy.current || uncertain || renewals.current >= MAX_AUTO_RENEWALS) return;
      renewals.current += 1;
      askAgain();
    },
  });

  const show = (next: TetherQuote, why: QuoteNotice) => {
    setQuote(next);
    setNotice(why);
    setError(null);
    setUncertain(false);
    countdown.start(quoteSeconds(next));
  };

  const stopOnKyc = (e: unknown) => {
    // The forced-KYC dialog takes over (the query client opens it).
    if (isApiError(e) && e.code === 'KYC_REQUIRED') close();
  };

  function askAgain(): void {
    if (!request || create.isPending || busy.current) return;
    const gen = generation.current;
    setError(null);
    create.mutate(request, {
      onSuccess: (next) => {
        if (gen === generation.current) show(next, 'renewed');
      },
      onError: (e) => {
        if (gen !== generation.current) return;
        setError(e);
        stopOnKyc(e);
      },
    });
  }

  function close(): void {
    generation.current += 1;
    countdown.stop();
    attempt.current = null;
    renewals.current = 0;
    setQuote(null);
    setTrade(null);
    setNotice(null);
    setError(null);
    setUncertain(false);
    setRequest(null);
    create.reset();
    execute.reset();
  }

  const ask = (next: TradeRequest) => {
    if (create.isPending) return;
    generation.current += 1;
    const gen = generation.current;
    renewals.current = 0;
    attempt.current = null;
    setRequest(next);
    setTrade(null);
    setError(null);
    create.mutate(next, {
      onSuccess: (q) => {
        if (gen === generation.current) show(q, null);
      },
    });
  };

  const confirm = () => {
    if (!quote || busy.current || create.isPending) return;
    // An expired quote is renewed first; after a lost answer the same quote is retried whatever its time.
    if (!countdown.isRunning && !uncertain) return;
    if (attempt.current?.quoteId !== quote.id) attempt.current = { quoteId: quote.id, key: newIdempotencyKey() };
    const gen = generation.current;
    busy.current = true;
    setError(null);
    execute.mutate(
      { quoteId: quote.id, idempotencyKey: attempt.current.key },
      {
        onSuccess: (done) => {
          busy.current = false;
          if (gen !== generation.current) return;
          countdown.stop();
          setUncertain(false);
          setTrade(done);
          tradedRef.current?.(done);
        },
        onError: (e) => {
          if (gen !== generation.current) {
            busy.current = false;
            return;
          }
          const freshId = isApiError(e) && e.code === 'QUOTE_EXPIRED' ? e.details?.quoteId : undefined;
          if (freshId) {
            // Nothing was traded: show the server's fresh quote and ask again.
            setUncertain(false);
            setFetchingFresh(true);
            fetchTetherQuote(freshId)
              .then(
                (fresh) => {
                  if (gen === generation.current) show(fresh, 'expired');
                },
                (failure: unknown) => {
                  if (gen !== generation.current) return;
                  countdown.stop();
                  setError(failure);
                },
              )
              .finally(() => {
                busy.current = false;
                setFetchingFresh(false);
              });
            return;
          }
          busy.current = false;
          const unknownOutcome = isUncertain(e);
          setUncertain(unknownOutcome);
          // A definite refusal: this quote will not trade.
          if (!unknownOutcome) countdown.stop();
          setError(e);
          stopOnKyc(e);
        },
      },
    );
  };

  const renew = () => {
    renewals.current = 0;
    askAgain();
  };

  const isQuoting = create.isPending || fetchingFresh;
  return {
    request,
    quote,
    trade,
    notice,
    countdown,
    isQuoting,
    isExecuting: execute.isPending,
    isUncertain: uncertain,
    isExpired: quote !== null && trade === null && !countdown.isRunning && !isQuoting && !execute.isPending,
    askError: quote === null ? create.error : null,
    error,
    ask,
    confirm,
    renew,
    close,
  };
}
