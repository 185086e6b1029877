import type { Db } from '../../db/client';
import type { SubjectResolver } from '../../lib/four-eyes';
import { findUser } from '../users/users.repository';

/** A user as the four-eyes guard sees an operation about them (a note, a freeze, a role): that user. */
export const userSubject: SubjectResolver = async (db: Db, id: string) => {
  const u = await findUser(db, id);
  return u ? { userIds: [u.id] } : null;
};
