/**
 * This package's version, as package.json says (a Worker cannot read package.json at run time):
 * written into every site archive's manifest. `test/node/site-archive.test.mjs` checks the two agree.
 *
 * @example
 * archiveManifest(PACKAGE_VERSION, fields, entries)
 */
export const PACKAGE_VERSION = "0.1.0";
