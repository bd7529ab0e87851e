import type { Catalogue } from '../../platform/i18n';

/** The low-stock digest's texts (stock-spec-2 §4). */
const digestsEn = {
  'digests.timeZone': 'The {field} field must be a time zone such as Europe/Berlin.',
  'digests.notFound': 'There is no subscription for this warehouse.',
  'digests.unsubscribed': 'You will no longer receive the low-stock digest for {warehouse}.',
  'digests.linkInvalid':
    'This unsubscribe link is not valid (any more). You can change your subscriptions on your profile page.',
  'digests.unsubscribeTitle': 'Unsubscribe from the low-stock digest',
  'digests.unsubscribeButton': 'Unsubscribe',
};
const digestsDe: Record<keyof typeof digestsEn, string> = {
  'digests.timeZone': 'Das Feld {field} muss eine Zeitzone wie Europe/Berlin sein.',
  'digests.notFound': 'Für dieses Lager besteht kein Abonnement.',
  'digests.unsubscribed': 'Sie erhalten keine Bestandswarnung für {warehouse} mehr.',
  'digests.linkInvalid':
    'Dieser Abmeldelink ist nicht (mehr) gültig. Ihre Abonnements ändern Sie auf Ihrer Profilseite.',
  'digests.unsubscribeTitle': 'Bestandswarnung abbestellen',
  'digests.unsubscribeButton': 'Abbestellen',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<keyof typeof digestsEn, string> {}
}

export const messages: Catalogue = { de: digestsDe, en: digestsEn };
