/**
 * `npm start` and `npm run agora` run Agora in production mode unless told otherwise: React and react-dom (the
 * server-rendered pages, docs/adr/0072-production-mode.md) load their production builds, without development
 * checks and warnings. Imported first by launcher/agora.mjs, before anything reads the variable; a NODE_ENV set
 * by the caller (the tests' `test`) is kept.
 */
process.env.NODE_ENV ||= 'production';
