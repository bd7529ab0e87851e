import { mountStandalone } from '@lager/shared/standalone';
import PurchasingRoutes from './app/PurchasingRoutes';
import PurchasingCard from './features/dashboard/PurchasingCard';

/** The section on its own (`npm run dev -w remote-purchasing`): its pages and its dashboard card, without the shell. */
void mountStandalone({ '/purchasing/*': <PurchasingRoutes />, '/card': <PurchasingCard /> }, '/purchasing');
