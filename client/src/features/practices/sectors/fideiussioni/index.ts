import { defineSectorModule } from '../sector-module';
import { FideiussioniForm } from './fideiussioni-form';
import { FideiussioniSummary, fideiussioniFieldLabel } from './fideiussioni-summary';

/** The heavy half of Fideiussioni on the client (see ../sector-module.ts): its form and summary, for the practice pages' chunks only. */
export const fideiussioniModule = defineSectorModule({ slug: 'fideiussioni', Form: FideiussioniForm, Summary: FideiussioniSummary, fieldLabel: fideiussioniFieldLabel });
