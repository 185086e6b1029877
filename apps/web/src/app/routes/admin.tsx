import { Suspense } from 'react';
import { LoadingScreen } from '@/components/loading-screen';
import { lazyWithTexts } from '@/lib/lazy-with-texts';

const AdminApp = lazyWithTexts(['admin', 'kyc'], () => import('@/features/admin/components/admin-app'));

/** `/admin/*` (issue 4): the operator console, its own chunks and texts. */
export function AdminRoute() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <AdminApp />
    </Suspense>
  );
}
