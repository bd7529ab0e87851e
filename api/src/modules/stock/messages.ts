import type { Catalogue } from '../../platform/i18n';

/**
 * The stock API's texts (stock-spec.md); registered with the platform's catalogue by app.ts.
 * `{available}` is a formatted quantity with its unit label ("3 Stk.", "2.5 kg").
 */
const stockEn = {
  'stock.insufficient': 'Not enough stock: {available} available.',
  'stock.insufficientAt': 'Not enough stock at location {location}: {available} available.',
  'stock.importLocation': 'There is no storage location {code} in this warehouse (or it is archived).',
  'stock.unchanged': 'The counted quantity equals the stock: nothing was booked.',
  'stock.countBooked': '{count} correction(s) booked.',
  'stock.decimals': 'The {field} field must have at most 3 decimal places.',
  'stock.whole': 'The {field} field must be a whole number for this unit.',
  'stock.positive': 'The {field} field must be greater than 0.',
  'stock.notNegative': 'The {field} field must be at least 0.',
  'stock.tooLarge': 'The {field} field is too large.',
  'stock.unitNotWhole': 'The stock or reorder level is not a whole number; this unit takes whole numbers only.',
  'stock.reasonInvalid': 'The selected reason is not valid for this booking.',
  'stock.noteRequired': 'A note is required when the reason is "other".',
  'stock.idempotencyMissing': 'The Idempotency-Key header is required for bookings.',
  'stock.idempotencyInvalid': 'The Idempotency-Key header must be a UUID.',
  'stock.idempotencyMismatch': 'This Idempotency-Key was already used for a different request.',
  'stock.articleNotFound': 'Article not found.',
  'stock.movementNotFound': 'Movement not found.',
  'stock.articleArchived': 'This article is archived.',
  'stock.articleHasMovements': 'This article has movements and cannot be deleted. Archive it instead.',
  'stock.skuTaken': 'An article with this SKU already exists in this warehouse.',
  'stock.barcodeTaken': 'An article with this barcode already exists in this warehouse.',
  'stock.barcodeInvalid': 'The check digit of this EAN/UPC barcode is wrong.',
  'stock.alreadyReversed': 'This movement has already been reversed.',
  'stock.isReversal': 'A reversal cannot be reversed.',
  'stock.historyRange': 'The from date must be before the to date.',
  'stock.maxBelowMin': 'The maximum stock must be at least the reorder level.',
  'stock.transferNotReversible': 'A transfer cannot be reversed; transfer the goods back instead.',
  'stock.transferSameWarehouse': 'Choose a warehouse other than the current one.',
  'stock.transferTargetForbidden': 'You may not book goods in the target warehouse.',
  'stock.transferTargetMissing':
    'The target warehouse has no article with SKU {sku}, and you may not create articles there.',
  'stock.transferTargetArchived': 'The article with SKU {sku} is archived in the target warehouse.',
  'stock.transferUnitMismatch': 'The article with SKU {sku} has a different unit in the target warehouse.',
  'stock.duplicateLine': 'This article appears more than once.',
  'stock.importInvalid': 'The file has {count} error(s); nothing was imported.',
  'stock.importHeader': 'The header must name the columns {columns}.',
  'stock.importEmpty': 'The file has no rows.',
  'stock.importTooManyRows': 'The file has more than {max} rows.',
  'stock.importDuplicateSku': 'This SKU appears more than once in the file (first on line {line}).',
  'stock.importUnreadable': 'The file could not be read as CSV: {reason}',
  'stock.importNotCsv': 'Send the file as text/csv.',
  'stock.occurredFuture': 'The {field} field may be at most 5 minutes in the future.',
  'stock.occurredPast': 'The {field} field may be at most 7 days in the past.',
  'stock.importDuplicateColumn': 'The column {column} appears more than once in the header.',
  'stock.importNul':
    'A NUL byte is not allowed here (is the file UTF-16 without a byte order mark?). Save it as "CSV UTF-8".',
  'stock.importEncoding':
    'The file is not valid UTF-8 (first on line {line}). Save it as "CSV UTF-8", or send its character set, e.g. text/csv; charset=windows-1252.',
  'stock.importCharset': 'The character set {charset} is not supported.',
  'stock.importCharsetInvalid': 'The file cannot be read as {charset} (first on line {line}).',
  'stock.limit': 'The stock of one article cannot exceed {max}.',
  'stock.transferTargetBarcodeTaken': 'In the target warehouse another article already has the barcode {barcode}.',
} as const;

const stockDe: Record<keyof typeof stockEn, string> = {
  'stock.insufficient': 'Nicht genug Bestand: {available} verfügbar.',
  'stock.insufficientAt': 'Nicht genug Bestand am Lagerplatz {location}: {available} verfügbar.',
  'stock.importLocation': 'In diesem Lager gibt es keinen Lagerplatz {code} (oder er ist archiviert).',
  'stock.unchanged': 'Die gezählte Menge entspricht dem Bestand: nichts gebucht.',
  'stock.countBooked': '{count} Korrektur(en) gebucht.',
  'stock.decimals': 'Das Feld {field} darf höchstens 3 Nachkommastellen haben.',
  'stock.whole': 'Das Feld {field} muss für diese Einheit eine ganze Zahl sein.',
  'stock.positive': 'Das Feld {field} muss größer als 0 sein.',
  'stock.notNegative': 'Das Feld {field} muss mindestens 0 sein.',
  'stock.tooLarge': 'Das Feld {field} ist zu groß.',
  'stock.unitNotWhole': 'Bestand oder Meldebestand sind keine ganze Zahl; diese Einheit erlaubt nur ganze Zahlen.',
  'stock.reasonInvalid': 'Der gewählte Grund passt nicht zu dieser Buchung.',
  'stock.noteRequired': 'Beim Grund „Sonstiges“ ist eine Notiz erforderlich.',
  'stock.idempotencyMissing': 'Für Buchungen ist der Header Idempotency-Key erforderlich.',
  'stock.idempotencyInvalid': 'Der Header Idempotency-Key muss eine UUID sein.',
  'stock.idempotencyMismatch': 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.',
  'stock.articleNotFound': 'Artikel nicht gefunden.',
  'stock.movementNotFound': 'Buchung nicht gefunden.',
  'stock.articleArchived': 'Dieser Artikel ist archiviert.',
  'stock.articleHasMovements':
    'Dieser Artikel hat Buchungen und kann nicht gelöscht werden. Archivieren Sie ihn stattdessen.',
  'stock.skuTaken': 'In diesem Lager gibt es bereits einen Artikel mit dieser Artikelnummer.',
  'stock.barcodeTaken': 'In diesem Lager gibt es bereits einen Artikel mit diesem Barcode.',
  'stock.barcodeInvalid': 'Die Prüfziffer dieses EAN/UPC-Barcodes ist falsch.',
  'stock.alreadyReversed': 'Diese Buchung wurde bereits storniert.',
  'stock.isReversal': 'Ein Storno kann nicht storniert werden.',
  'stock.historyRange': 'Das Startdatum muss vor dem Enddatum liegen.',
  'stock.maxBelowMin': 'Der Höchstbestand muss mindestens so groß wie der Meldebestand sein.',
  'stock.transferNotReversible':
    'Eine Umlagerung kann nicht storniert werden; lagern Sie die Ware stattdessen zurück um.',
  'stock.transferSameWarehouse': 'Wählen Sie ein anderes Lager als das aktuelle.',
  'stock.transferTargetForbidden': 'Sie dürfen im Ziellager keine Waren buchen.',
  'stock.transferTargetMissing':
    'Im Ziellager gibt es keinen Artikel mit der Artikelnummer {sku}, und Sie dürfen dort keine Artikel anlegen.',
  'stock.transferTargetArchived': 'Der Artikel mit der Artikelnummer {sku} ist im Ziellager archiviert.',
  'stock.transferUnitMismatch': 'Der Artikel mit der Artikelnummer {sku} hat im Ziellager eine andere Einheit.',
  'stock.duplicateLine': 'Dieser Artikel kommt mehrfach vor.',
  'stock.importInvalid': 'Die Datei enthält {count} Fehler; nichts wurde importiert.',
  'stock.importHeader': 'Die Kopfzeile muss die Spalten {columns} nennen.',
  'stock.importEmpty': 'Die Datei enthält keine Zeilen.',
  'stock.importTooManyRows': 'Die Datei hat mehr als {max} Zeilen.',
  'stock.importDuplicateSku': 'Diese Artikelnummer kommt mehrfach in der Datei vor (zuerst in Zeile {line}).',
  'stock.importUnreadable': 'Die Datei konnte nicht als CSV gelesen werden: {reason}',
  'stock.importNotCsv': 'Senden Sie die Datei als text/csv.',
  'stock.occurredFuture': 'Das Feld {field} darf höchstens 5 Minuten in der Zukunft liegen.',
  'stock.occurredPast': 'Das Feld {field} darf höchstens 7 Tage zurückliegen.',
  'stock.importDuplicateColumn': 'Die Spalte {column} kommt in der Kopfzeile mehrfach vor.',
  'stock.importNul':
    'Ein NUL-Byte ist hier nicht erlaubt (ist die Datei UTF-16 ohne Byte-Order-Mark?). Speichern Sie sie als „CSV UTF-8“.',
  'stock.importEncoding':
    'Die Datei ist kein gültiges UTF-8 (zuerst in Zeile {line}). Speichern Sie sie als „CSV UTF-8“ oder geben Sie ihren Zeichensatz an, z. B. text/csv; charset=windows-1252.',
  'stock.importCharset': 'Der Zeichensatz {charset} wird nicht unterstützt.',
  'stock.importCharsetInvalid': 'Die Datei lässt sich nicht als {charset} lesen (zuerst in Zeile {line}).',
  'stock.limit': 'Der Bestand eines Artikels darf {max} nicht überschreiten.',
  'stock.transferTargetBarcodeTaken': 'Im Ziellager hat bereits ein anderer Artikel den Barcode {barcode}.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<keyof typeof stockEn, string> {}
}

export const messages: Catalogue = { de: stockDe, en: stockEn };
