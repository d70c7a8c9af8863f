import { z } from 'zod';

/** A profile id: part of file names and keychain entries, so only these characters (account/profiles.ts). */
export const ProfileId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'is not a profile id' });
export type ProfileId = z.infer<typeof ProfileId>;
