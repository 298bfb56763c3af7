import type { D1Migration } from "cloudflare:test";
import type { SiteEnv } from "./src/site/env";

declare global {
  namespace Cloudflare {
    interface Env extends SiteEnv {
      TEST_MIGRATIONS: D1Migration[];
      SCHEMA_DB: D1Database;
    }
    interface GlobalProps {
      mainModule: typeof import("./src/worker");
      durableNamespaces: "PageRoom";
    }
  }
}
