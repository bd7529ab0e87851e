import type { Catalogue } from '../../platform/i18n';

/** The locations API's texts (stock-spec-2.md §1), de + en with the same keys. */
const en = {
  'locations.notFound': 'Storage location not found.',
  'locations.archived': 'Storage location {code} is archived.',
  'locations.parentArchived': 'The parent location is archived.',
  'locations.codeInvalid': 'The code must be 1 to 32 characters of A-Z, 0-9, "-", "." and "/".',
  'locations.codeTaken': 'A storage location with this code already exists in this warehouse.',
  'locations.hasStock': 'Stock still lies there: {stock}. Relocate or book it out first.',
  'locations.hasChildren': 'This storage location has locations below it. Delete or move them first.',
  'locations.hasMovements':
    'This storage location has movements in the journal and cannot be deleted. Archive it instead.',
  'locations.standard': 'The STANDARD location cannot be archived or deleted.',
  'locations.standardCode': 'The code of the STANDARD location cannot be changed.',
  'locations.cycle': 'A location cannot be moved below itself or below one of its own locations.',
  'locations.tooDeep': 'Locations can be nested at most {max} levels deep.',
  'locations.tooMany': 'A warehouse can have at most {max} storage locations.',
  'locations.sameLocation': 'Choose a location other than the one the stock comes from.',
};

const de: Record<keyof typeof en, string> = {
  'locations.notFound': 'Lagerplatz nicht gefunden.',
  'locations.archived': 'Der Lagerplatz {code} ist archiviert.',
  'locations.parentArchived': 'Der übergeordnete Lagerplatz ist archiviert.',
  'locations.codeInvalid': 'Der Code muss aus 1 bis 32 Zeichen A-Z, 0-9, „-“, „.“ und „/“ bestehen.',
  'locations.codeTaken': 'In diesem Lager gibt es bereits einen Lagerplatz mit diesem Code.',
  'locations.hasStock': 'Dort liegt noch Bestand: {stock}. Lagern Sie ihn zuerst um oder buchen Sie ihn aus.',
  'locations.hasChildren':
    'Unter diesem Lagerplatz liegen weitere Lagerplätze. Löschen oder verschieben Sie sie zuerst.',
  'locations.hasMovements':
    'Dieser Lagerplatz hat Buchungen im Journal und kann nicht gelöscht werden. Archivieren Sie ihn stattdessen.',
  'locations.standard': 'Der Lagerplatz STANDARD kann weder archiviert noch gelöscht werden.',
  'locations.standardCode': 'Der Code des Lagerplatzes STANDARD kann nicht geändert werden.',
  'locations.cycle': 'Ein Lagerplatz kann nicht unter sich selbst oder einen seiner Unterplätze verschoben werden.',
  'locations.tooDeep': 'Lagerplätze können höchstens {max} Ebenen tief verschachtelt werden.',
  'locations.tooMany': 'Ein Lager kann höchstens {max} Lagerplätze haben.',
  'locations.sameLocation': 'Wählen Sie einen anderen Lagerplatz als den, von dem der Bestand kommt.',
};

declare module '../../platform/i18n' {
  interface ModuleMessages extends Record<keyof typeof en, string> {}
}

export const messages: Catalogue = { de, en };
