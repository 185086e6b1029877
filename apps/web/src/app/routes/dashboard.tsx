import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

export function DashboardRoute() {
  return <DashboardScreen />;
}
