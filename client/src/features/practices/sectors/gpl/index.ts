import { defineSectorModule } from '../sector-module';
import { GplForm } from './gpl-form';
import { GplSummary, gplFieldLabel } from './gpl-summary';

/** The heavy half of GPL on the client (see ../sector-module.ts): its form and summary, for the practice pages' chunks only. */
export const gplModule = defineSectorModule({ slug: 'gpl', Form: GplForm, Summary: GplSummary, fieldLabel: gplFieldLabel });
