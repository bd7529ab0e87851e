import { mountStandalone } from '@lager/shared/standalone';
import ReleasesRoutes from './app/ReleasesRoutes';
import ReleasesCard from './features/dashboard/ReleasesCard';

/** The section on its own (`npm run dev -w remote-releases`): its pages and its dashboard card, without the shell. */
void mountStandalone({ '/releases/*': <ReleasesRoutes />, '/card': <ReleasesCard /> }, '/releases');
