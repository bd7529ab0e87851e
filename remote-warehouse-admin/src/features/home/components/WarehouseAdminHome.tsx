import { Card, namedRoutes, Page } from '@lager/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The three cards, each its title key, text and link (catalogue keys of the section). */
const CARDS = [
  { title: 'titles.new', text: 'home.newText', link: 'home.newLink', to: namedRoutes.newwarehouse },
  { title: 'titles.my', text: 'home.myText', link: 'home.myLink', to: namedRoutes.mywarehouse },
  { title: 'titles.guest', text: 'home.guestText', link: 'home.guestLink', to: namedRoutes.guestwarehouse },
] as const;

/** /admin/warehouse (route name warehouseadmin): new, my and guest warehouses. */
export function WarehouseAdminHome() {
  const { t } = useTranslation('warehouseAdmin');
  return (
    <Page title={t('titles.home')}>
      <div className="cards">
        {CARDS.map((card) => (
          <Card key={card.title} title={t(card.title)}>
            <p>{t(card.text)}</p>
            <Link className="button" to={card.to()}>
              {t(card.link)}
            </Link>
          </Card>
        ))}
      </div>
    </Page>
  );
}
