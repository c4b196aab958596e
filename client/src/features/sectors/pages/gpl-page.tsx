import { SectorPage } from '../components/sector-page';

const GplPage = () => <SectorPage sector="gpl" />;

export default GplPage;
