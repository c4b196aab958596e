import { defineSectorModule } from '../sector-module';
import { LuceGasForm } from './luce-gas-form';
import { LuceGasSummary, luceGasFieldLabel } from './luce-gas-summary';

/** The heavy half of Luce e gas on the client (see ../sector-module.ts): its form and summary, for the practice pages' chunks only. */
export const luceGasModule = defineSectorModule({ slug: 'luce-e-gas', Form: LuceGasForm, Summary: LuceGasSummary, fieldLabel: luceGasFieldLabel });
