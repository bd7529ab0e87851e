/**
 * The demo logins `npm start` seeds into an empty database (api/src/demo-data.ts and the modules' seed.ts create
 * them) and prints in its "Lager is running" summary. demo-logins.test.cjs keeps both in step.
 */
module.exports = {
  password: 'demo1234',
  logins: [
    { email: 'owner@lager.demo', role: 'owns Hauptlager (with stock) and Keller' },
    { email: 'guest@lager.demo', role: 'member of Hauptlager with the role Lagerist' },
    { email: 'invitee@lager.demo', role: 'no warehouse yet; an open invitation to Hauptlager waits in the mails' },
  ],
};
