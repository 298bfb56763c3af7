import { buildLib } from "../../scripts/build-lib.mjs";

/*
 * Vitest global setup (Node): builds dist/lib before any test file is collected, so the package
 * tests import what `npm pack` would ship, not a stale build. tsc takes about a second.
 */
export default function setup() {
  buildLib();
}
