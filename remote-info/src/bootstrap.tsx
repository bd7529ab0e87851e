import { namedRoutes } from '@lager/shared';
import { mountStandalone } from '@lager/shared/standalone';
import InfoRoutes from './app/InfoRoutes';

/** remote-info on its own (`npm run dev -w remote-info`): the same section, without the shell. */
void mountStandalone({ '/info/*': <InfoRoutes /> }, namedRoutes.info());
