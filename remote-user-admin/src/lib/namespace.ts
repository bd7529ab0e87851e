/** The i18next namespace of this section. */
export const NS = 'userAdmin';
