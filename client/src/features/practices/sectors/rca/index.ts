import { defineSectorModule } from '../sector-module';
import { RcaForm } from './rca-form';
import { RcaSummary, rcaFieldLabel } from './rca-summary';

/** The heavy half of RC Auto on the client (see ../sector-module.ts): its form and summary, for the practice pages' chunks only. */
export const rcaModule = defineSectorModule({ slug: 'rca', Form: RcaForm, Summary: RcaSummary, fieldLabel: rcaFieldLabel });
