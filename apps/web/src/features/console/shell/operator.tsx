import { createContext, useContext, type ReactNode } from 'react';
import type { Permission, Role } from '@portal/contract/admin/roles';

/** The signed-in operator (`GET /admin/me`): the console shows only what their permissions allow. */
export interface Operator {
  id: string;
  role: Role;
  permissions: readonly Permission[];
  firstName: string | null;
  lastName: string | null;
}

const OperatorContext = createContext<Operator | null>(null);

export function OperatorProvider({ operator, children }: { operator: Operator; children: ReactNode }) {
  return <OperatorContext.Provider value={operator}>{children}</OperatorContext.Provider>;
}

export function useOperator(): Operator {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator must be used inside <OperatorProvider>');
  return operator;
}

/** Whether the operator holds a permission (the server checks it again on every call). */
export function useCan(): (permission: Permission) => boolean {
  const { permissions } = useOperator();
  return (permission) => permissions.includes(permission);
}
