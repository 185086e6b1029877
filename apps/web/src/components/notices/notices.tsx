import type { AlertColor } from '@mui/material/Alert';
import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';

const NoticeSnackbar = lazy(() => import('./notice-snackbar'));

/**
 * Notices (SPEC §3 "Notification message"): short success and error messages in a snackbar.
 * A notice names a translation key (`notices.loggedIn`) so it is translated when shown (and
 * re-translated if the language changes while it is up); a message already translated, such as
 * an API error's sentence, can be passed as `message`. A new notice replaces the one showing.
 */
export interface Notice {
  severity: AlertColor;
  messageKey?: string;
  params?: Record<string, string | number>;
  message?: string;
  /** Milliseconds; `null` keeps it until closed. Default 5 s. */
  autoHideDuration?: number | null;
}

interface ShownNotice extends Notice {
  id: number;
}

type Notify = (notice: Notice) => void;

const NoticeContext = createContext<Notify | null>(null);

let nextId = 1;

/** A notice for the next page a document navigation loads (the sign-in page's own document, decision 043). */
const NEXT_PAGE_NOTICE_KEY = 'portal.nextPageNotice';

export function passNoticeToNextPage(notice: Notice): void {
  try {
    window.sessionStorage.setItem(NEXT_PAGE_NOTICE_KEY, JSON.stringify(notice));
  } catch {
    /* storage disabled: the next page shows no notice */
  }
}

function takeNoticeFromLastPage(): Notice | null {
  try {
    const raw = window.sessionStorage.getItem(NEXT_PAGE_NOTICE_KEY);
    if (raw === null) return null;
    window.sessionStorage.removeItem(NEXT_PAGE_NOTICE_KEY);
    const notice = JSON.parse(raw) as Notice;
    return typeof notice === 'object' && notice && typeof notice.severity === 'string' ? notice : null;
  } catch {
    return null;
  }
}

export function NoticeProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [current, setCurrent] = useState<ShownNotice | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((notice) => {
    setCurrent({ ...notice, id: nextId++ });
    setOpen(true);
  }, []);

  // The notice the page before left for this one (after its first commit: server markup has none).
  useEffect(() => {
    const notice = takeNoticeFromLastPage();
    if (!notice) return;
    const ns = notice.messageKey?.includes(':') ? notice.messageKey.split(':')[0] : undefined;
    if (!ns) return notify(notice);
    void i18n.loadNamespaces(ns).then(
      () => notify(notice),
      () => notify(notice),
    );
  }, [notify, i18n]);

  return (
    <NoticeContext.Provider value={notify}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <NoticeSnackbar
            id={current.id}
            open={open}
            severity={current.severity}
            text={current.message ?? (current.messageKey ? t(current.messageKey, current.params) : '')}
            autoHideDuration={current.autoHideDuration === undefined ? 5000 : current.autoHideDuration}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      ) : null}
    </NoticeContext.Provider>
  );
}

export function useNotify() {
  const notify = useContext(NoticeContext);
  if (!notify) throw new Error('useNotify must be used inside <NoticeProvider>');
  return useMemo(
    () => ({
      notify,
      success: (messageKey: string, params?: Record<string, string | number>) =>
        notify({ severity: 'success', messageKey, params }),
      errorKey: (messageKey: string, params?: Record<string, string | number>) =>
        notify({ severity: 'error', messageKey, params }),
      /** An error whose sentence is already translated (from `useErrorMessage`). */
      error: (message: string) => notify({ severity: 'error', message }),
    }),
    [notify],
  );
}
