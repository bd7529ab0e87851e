import { mountStandalone } from '@lager/shared/standalone';
import StockRoutes from './app/StockRoutes';
import StockCard from './features/dashboard/StockCard';

/** The section on its own (`npm run dev -w remote-stock`): its pages and its dashboard card, without the shell. */
void mountStandalone({ '/stock/*': <StockRoutes />, '/card': <StockCard /> }, '/stock');
