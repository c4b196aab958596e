import { SectorPage } from '../components/sector-page';

const AltriRamiPage = () => <SectorPage sector="altri-rami" />;

export default AltriRamiPage;
