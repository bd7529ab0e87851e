import { mountStandalone } from '@lager/shared/standalone';
import TemplateRoutes from './app/TemplateRoutes';
import TemplateCard from './features/dashboard/TemplateCard';

/** The section on its own (`npm run dev -w remote-template`): its pages and its dashboard card, without the shell. */
void mountStandalone({ '/template/*': <TemplateRoutes />, '/card': <TemplateCard /> }, '/template');
