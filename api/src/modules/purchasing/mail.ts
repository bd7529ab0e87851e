import type { Language } from '../../platform/i18n';
import { render } from '../../platform/mail/templates';
import type { Mail } from '../../platform/mail/transport';
import { formatMoney } from '../../platform/pdf';
import type { OrderJson } from './repository';

/** The order mail to the supplier, in the orderer's language, with the order PDF attached. */
export function orderMail(
  lang: Language,
  to: string,
  order: OrderJson,
  warehouseName: string,
  senderName: string,
  pdf: Uint8Array,
): Mail {
  const total = formatMoney(lang, order.total, order.currency);
  const mail =
    lang === 'en'
      ? render(
          to,
          `Purchase order ${order.number} from ${warehouseName}`,
          [
            'Hello,',
            `please find attached our purchase order ${order.number} (${order.lines.length} lines, total ${total}).`,
            ...(order.expected_at ? [`Requested delivery date: ${order.expected_at}.`] : []),
            `Kind regards, ${senderName} (${warehouseName})`,
          ],
          [],
        )
      : render(
          to,
          `Bestellung ${order.number} von ${warehouseName}`,
          [
            'Guten Tag,',
            `anbei unsere Bestellung ${order.number} (${order.lines.length} Positionen, Summe ${total}).`,
            ...(order.expected_at ? [`Gewünschter Liefertermin: ${order.expected_at}.`] : []),
            `Mit freundlichen Grüßen, ${senderName} (${warehouseName})`,
          ],
          [],
        );
  return {
    ...mail,
    attachments: [
      { filename: `${order.number}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf).toString('base64') },
    ],
  };
}
