import { SectorPage } from '../components/sector-page';

const LuceGasPage = () => <SectorPage sector="luce-e-gas" />;

export default LuceGasPage;
