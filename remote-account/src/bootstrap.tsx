import { mountStandalone } from '@lager/shared/standalone';
import AccountRoutes from './app/AccountRoutes';

/** remote-account on its own (`npm run dev -w remote-account`): the same section, without the shell. */
void mountStandalone({ '/*': <AccountRoutes /> });
