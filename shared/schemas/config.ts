import { z } from 'zod';

/** What the client needs to know about the installation before anyone signs in. */
export const ZPublicConfig = z.object({ supportEmail: z.string() });
export type TPublicConfig = z.infer<typeof ZPublicConfig>;
