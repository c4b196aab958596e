import { SectorPage } from '../components/sector-page';

const RcaPage = () => <SectorPage sector="rca" />;

export default RcaPage;
