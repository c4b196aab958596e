// Lint fixture (boundaries.unit.test.ts): half of a runtime import cycle. Ignored by `npm run lint`.
import { countB } from './cycle-b';

export const countA = (): number => countB() + 1;
