import { z } from 'zod';
import { Timestamp } from './api/timestamp';
import { ProfileId } from './profile-id';

export const NoticeId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a notice id' });
export type NoticeId = z.infer<typeof NoticeId>;

/**
 * Something the app did on the user's behalf that they should know and acknowledge (a damaged
 * file set aside, an operation interrupted): shown near the top of every view until dismissed,
 * across restarts (docs/architecture.md › Notices). `profileId` names the account it is about,
 * null when it is about the app (settings, the notices themselves).
 */
export const Notice = z.object({
  id: NoticeId,
  key: z.string().min(1).max(300),
  profileId: ProfileId.nullable(),
  title: z.string().min(1).max(200),
  body: z.string().max(2000),
  at: Timestamp,
});
export type Notice = z.infer<typeof Notice>;

export const NoticeList = z.array(Notice);
export type NoticeList = z.infer<typeof NoticeList>;
