import { SectorPage } from '../components/sector-page';

const LuceGasPage = () => <SectorPage sector="luceGas" />;

export default LuceGasPage;
