import { defineSectorModule } from '../sector-module';
import { AltriRamiForm } from './altri-rami-form';
import { AltriRamiSummary, altriRamiFieldLabel } from './altri-rami-summary';

/** The heavy half of Altri rami on the client (see ../sector-module.ts): its form and summary, for the practice pages' chunks only. */
export const altriRamiModule = defineSectorModule({ slug: 'altri-rami', Form: AltriRamiForm, Summary: AltriRamiSummary, fieldLabel: altriRamiFieldLabel });
