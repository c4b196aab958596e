import { useLocation } from 'react-router';
import { PracticesPage } from '../components/practices-page';
import { sectorOfPath } from '../paths';

/** `/rca` (any sector with a definition): the sector's practices, read from the address. */
const PracticesSectorPage = () => {
  const sector = sectorOfPath(useLocation().pathname);
  return sector ? <PracticesPage key={sector} sector={sector} /> : null;
};

export default PracticesSectorPage;
