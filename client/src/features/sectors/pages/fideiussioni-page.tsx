import { SectorPage } from '../components/sector-page';

const FideiussioniPage = () => <SectorPage sector="fideiussioni" />;

export default FideiussioniPage;
