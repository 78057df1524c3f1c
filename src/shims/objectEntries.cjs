// The `object.entries` package, as node-polyglot (react-admin's translations) requires it: the
// package is a polyfill for browsers without Object.entries, and brings get-intrinsic, call-bind
// and a dozen more into the start-up chunk (17 KB of the first visit's script). Every browser
// the portal supports has Object.entries. Wired in vite.config.ts (resolve.alias).
module.exports = function entries(object) {
  return Object.entries(object);
};
