// Lint fixture (boundaries.unit.test.ts): the other half of the runtime import cycle. Ignored by `npm run lint`.
import { countA } from './cycle-a';

export const countB = (): number => 0;
export const countBoth = (): number => countA() + countB();
