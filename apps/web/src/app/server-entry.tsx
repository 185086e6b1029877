/**
 * The server's rendering of a signed-in page's first screen (decision 027), built by `vite build --ssr`
 * into `dist-server/server-entry.js` and loaded by the API's web plugin. The page arrives as markup with
 * its styles and the data it was rendered with; the browser takes it over (`hydrateRoot` in main.tsx)
 * instead of building it, so a phone paints the page as soon as the HTML is in, not after the scripts.
 *
 * The API calls a page makes while rendering go through `RenderRequest.api`, which answers them
 * in-process with the visitor's own session; nothing here holds a secret.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { EmotionCache } from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_CULTURE } from '@portal/contract/core/constants';
import { setApiTransport } from '@/lib/api-client';
import { createEmotionCache } from '@/lib/emotion-cache';
import {
  FIRST_SCREEN_ELEMENT_ID,
  FirstScreenContext,
  serializeFirstScreen,
  type FirstScreenState,
} from '@/lib/first-screen';
import { directionOf, initI18nServer, isCulture } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { accountQueryKey } from '@/lib/session-state';
import { AuthApp } from './auth-app';
import { AppProvider } from './provider';
import { createRoutes } from './router';

/** The sign-in page, rendered for any visitor, signed in or not (decision 043). */
export const SIGN_IN_PATH = '/auth';

export interface RenderRequest {
  /** The page's path and query (`/fund/…`). */
  url: string;
  /** The request's headers as the browser sent them (the session cookie among them). */
  headers: Record<string, string>;
  /** The visitor's language (the `i18next` cookie, else Persian). */
  language: string;
  /** The server's guess: a desktop-wide screen (else a phone's). */
  desktop: boolean;
  /** Answers one `/api/…` request in-process, as the visitor (with their cookie). */
  api: (url: string, init: RequestInit) => Promise<Response>;
}

export type RenderResult =
  | {
      rendered: true;
      /** `<style>` elements of the page's styles, for `<head>`. */
      styles: string;
      /** The page's markup, for `<div id="root">`. */
      html: string;
      /** `<script type="application/json">` with the state the browser takes over with. */
      state: string;
      lang: string;
      dir: 'rtl' | 'ltr';
      /** The page's title, escaped as HTML (React rendered it). */
      title: string | null;
      /** How many renders it took (each one with the data the one before asked for). */
      passes: number;
    }
  /** Nothing to render here (signed out, an unknown page, a redirect): the browser builds the page. */
  | { rendered: false; reason: string };

const requestApi = new AsyncLocalStorage<RenderRequest['api']>();

setApiTransport((url, init) => {
  const api = requestApi.getStore();
  if (!api) return Promise.reject(new Error(`no request to answer ${url} for`));
  return api(url, init);
});

let ready: Promise<I18n> | undefined;

/** How many times the page is rendered at most, each time with the data the one before asked for. */
const MAX_PASSES = 4;

function wantsData(q: Query): boolean {
  if (q.state.status !== 'pending' || q.state.fetchStatus !== 'idle') return false;
  const { enabled, queryFn } = q.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  if (!queryFn || queryFn === skipToken) return false;
  return typeof enabled === 'function' ? enabled(q) : enabled !== false;
}

/** An i18next of the visitor's language with every namespace the default language has loaded so far. */
async function textsIn(language: string): Promise<I18n> {
  const texts = i18next.cloneInstance({ lng: language });
  // The routes' loaders loaded their texts in the default language; the visitor's may be another.
  await texts.loadNamespaces(Object.keys(i18next.store.data[DEFAULT_CULTURE] ?? {}));
  await texts.changeLanguage(language);
  return texts;
}

/** `<style>` tags of every style the render made (see the end of `render`). */
function stylesOf(cache: EmotionCache): string {
  const emotion = createEmotionServer(cache);
  const everyStyle = Object.keys(cache.inserted)
    .map((id) => `${cache.key}-${id}`)
    .join(' ');
  return emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(everyStyle));
}

/**
 * The sign-in page (decision 043): the tree `auth-main.tsx` takes over (`AuthApp`), no session, no data.
 * Its markup depends on the language and nothing of the visitor's, so the API keeps it.
 */
async function renderSignIn(req: RenderRequest, language: string, dir: 'rtl' | 'ltr'): Promise<RenderResult> {
  const texts = await textsIn(language);
  const queryClient = createQueryClient({ queries: { retry: false } });
  const search = new URL(req.url, 'http://portal.local').searchParams;
  const page = (styles: EmotionCache) => (
    <StrictMode>
      <FirstScreenContext value={{ desktop: req.desktop, takingOver: true }}>
        <I18nextProvider i18n={texts}>
          <AuthApp search={search} leave={() => {}} queryClient={queryClient} emotionCache={styles} />
        </I18nextProvider>
      </FirstScreenContext>
    </StrictMode>
  );
  let html = '';
  let cache = createEmotionCache(dir);
  let pass = 0;
  while (pass < MAX_PASSES) {
    pass++;
    cache = createEmotionCache(dir);
    cache.compat = true;
    html = renderToString(page(cache));
    if (!html.includes('<!--$!-->')) break;
    // A lazy part whose code had not loaded yet: wait for it as `render` does, then render again.
    await new Response((await prerender(page(createEmotionCache(dir)))).prelude).arrayBuffer();
  }
  const title = /^<title>(.*?)<\/title>/s.exec(html);
  if (title) html = html.slice(title[0].length);
  const state: FirstScreenState = {
    v: 1,
    lng: language,
    desktop: req.desktop,
    queries: dehydrate(queryClient),
    router: {},
  };
  return {
    rendered: true,
    styles: stylesOf(cache),
    html,
    state: `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${serializeFirstScreen(state)}</script>`,
    lang: language,
    dir,
    title: title?.[1] ?? null,
    passes: pass,
  };
}

export async function render(req: RenderRequest): Promise<RenderResult> {
  ready ??= initI18nServer(i18next);
  await ready;
  const language = isCulture(req.language) ? req.language : DEFAULT_CULTURE;
  const dir = directionOf(language);
  if (new URL(req.url, 'http://portal.local').pathname === SIGN_IN_PATH) return renderSignIn(req, language, dir);

  // No retries: a failure shows on the server as it would in the browser before its first retry, and is
  // left for the browser to ask again (failed answers are not carried over).
  const queryClient = createQueryClient({ queries: { retry: false } });
  const handler = createStaticHandler(createRoutes(queryClient, { awaitData: true }));
  const request = new Request(new URL(req.url, 'http://portal.local'), { headers: req.headers });
  const context = await requestApi.run(req.api, () => handler.query(request));
  if (context instanceof Response) return { rendered: false, reason: `the router answered ${context.status}` };
  if (context.statusCode !== 200) return { rendered: false, reason: `the router's status ${context.statusCode}` };
  if (!queryClient.getQueryData(accountQueryKey)) return { rendered: false, reason: 'not signed in' };

  const texts = await textsIn(language);

  const router = createStaticRouter(handler.dataRoutes, context);
  const asked = new Set<string>();
  const page = (styles: EmotionCache) => (
    <StrictMode>
      <FirstScreenContext value={{ desktop: req.desktop, takingOver: true }}>
        <I18nextProvider i18n={texts}>
          <AppProvider queryClient={queryClient} emotionCache={styles}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProvider>
        </I18nextProvider>
      </FirstScreenContext>
    </StrictMode>
  );
  let html: string;
  let cache: EmotionCache;
  let pass = 0;
  for (;;) {
    pass++;
    cache = createEmotionCache(dir);
    // Styles are collected for the head (`extractCriticalToChunks`), not written before each element.
    cache.compat = true;
    html = renderToString(page(cache));
    if (html.includes('<!--$!-->') && pass < MAX_PASSES) {
      // A part whose code had not loaded yet (`lazy`, once per process) was written as its fallback.
      // `prerender` waits for every such part; its output (with inline scripts that reveal the parts, which
      // the content security policy forbids) is not used: the next pass renders them in place.
      await new Response((await prerender(page(createEmotionCache(dir)))).prelude).arrayBuffer();
      continue;
    }
    const wanted = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => wantsData(q) && !asked.has(q.queryHash));
    if (pass === MAX_PASSES || wanted.length === 0) break;
    for (const q of wanted) asked.add(q.queryHash);
    await requestApi.run(req.api, () => Promise.all(wanted.map((q) => q.fetch().catch(() => undefined))));
    // A failed query renders as the browser's first render will show it: still loading (its error is the
    // browser's to find, with its own retries).
    queryClient.removeQueries({ predicate: (q) => q.state.status === 'error' });
  }

  // React writes the page's <title> first; it belongs in the head, where React takes it over.
  const title = /^<title>(.*?)<\/title>/s.exec(html);
  if (title) html = html.slice(title[0].length);
  // Every style the render made, not only those on the page's elements: Emotion also makes one for each
  // layer a component is built of (the class of `Link` before it is merged into `Typography`'s). The
  // browser then finds every style it computes already made, instead of compiling and inserting the
  // intermediate ones while it takes the page over. In the order the render made them, as the browser would.
  const styles = stylesOf(cache);
  const state: FirstScreenState = {
    v: 1,
    lng: language,
    desktop: req.desktop,
    queries: dehydrate(queryClient),
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
  };
  return {
    rendered: true,
    styles,
    html,
    state: `<script type="application/json" id="${FIRST_SCREEN_ELEMENT_ID}">${serializeFirstScreen(state)}</script>`,
    lang: language,
    dir,
    title: title?.[1] ?? null,
    passes: pass,
  };
}
