import { z } from 'zod';

/** practices.renewals.run: how many corners were reminded and which renewal practices were opened, in this pass. */
export const ZRunRenewalsResult = z.object({ reminded: z.number().int(), opened: z.array(z.string()) });
export type TRunRenewalsResult = z.infer<typeof ZRunRenewalsResult>;
