import { setDefaultLogSink } from "../../src/shared/request-log";

/*
 * Request logs go to console by default; in a green run nothing prints. A test that asserts on
 * lines captures them with `setDefaultLogSink` (or a CMS's own `log`) and restores this after.
 */
setDefaultLogSink(null);
