import { mountStandalone } from '@lager/shared/standalone';
import PurchasingRoutes from './app/PurchasingRoutes';

/** The section on its own (`npm run dev -w remote-purchasing`): its pages, without the shell. */
void mountStandalone({ '/purchasing/*': <PurchasingRoutes /> }, '/purchasing');
