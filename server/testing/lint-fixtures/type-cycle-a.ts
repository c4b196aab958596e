// Lint fixture (boundaries.unit.test.ts): a type-only cycle, erased at build time, so not reported.
import type { TTypeCycleB } from './type-cycle-b';

export type TTypeCycleA = { b?: TTypeCycleB };
