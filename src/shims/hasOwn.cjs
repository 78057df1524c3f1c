// The `hasown` package (node-polyglot's own-property check) without function-bind: the same call.
// Wired in vite.config.ts (resolve.alias).
module.exports = function hasOwn(object, key) {
  return Object.prototype.hasOwnProperty.call(object, key);
};
