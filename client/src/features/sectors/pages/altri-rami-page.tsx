import { SectorPage } from '../components/sector-page';

const AltriRamiPage = () => <SectorPage sector="altriRami" />;

export default AltriRamiPage;
