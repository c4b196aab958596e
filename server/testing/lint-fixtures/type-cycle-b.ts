// Lint fixture (boundaries.unit.test.ts): the other half of the type-only cycle.
import type { TTypeCycleA } from './type-cycle-a';

export type TTypeCycleB = { a?: TTypeCycleA };
